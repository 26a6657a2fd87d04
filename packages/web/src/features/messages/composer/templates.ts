import type { MessageTemplate } from '@balcao/contracts';

/** The BODY's text of a template ('' when it has none). */
export const bodyOf = (t: MessageTemplate) => t.components.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';

/** The BODY as the customer will read it: each `{{n}}` replaced by the n-th value typed (kept while empty). */
export const previewOf = (t: MessageTemplate, values: readonly string[]) =>
  bodyOf(t).replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);

/** Approved templates whose name holds the search (case and accents aside), by name. */
export function approvedMatching(list: readonly MessageTemplate[], search: string): MessageTemplate[] {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const term = norm(search.trim());
  return list.filter((t) => t.status === 'APPROVED' && norm(t.name).includes(term));
}

/** What a contact offers for a variable: name, first name, number and e-mail (non-empty only). */
export function contactFields(contact: { name?: string; number?: string; email?: string }) {
  const name = contact.name?.trim() ?? '';
  return [
    { key: 'name', value: name },
    { key: 'firstName', value: name.split(/\s+/)[0] ?? '' },
    { key: 'number', value: contact.number ?? '' },
    { key: 'email', value: contact.email ?? '' },
  ].filter((f) => f.value !== '');
}
