import type { ContactCard } from './webhook-payload.js';

/** vCard 3.0 text of a contact card shared on WhatsApp (what the web shows for `vcard`). */
export function toVCard(card: ContactCard): string {
  const n = card.name ?? {};
  const full =
    n.formatted_name?.trim() ||
    [n.prefix, n.first_name, n.middle_name, n.last_name, n.suffix].filter(Boolean).join(' ').trim() ||
    card.phones?.[0]?.phone ||
    '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${[n.last_name, n.first_name, n.middle_name, n.prefix, n.suffix].map((v) => esc(v ?? '')).join(';')}`);
  lines.push(`FN:${esc(full)}`);
  if (card.org?.company)
    lines.push(
      `ORG:${[card.org.company, card.org.department]
        .filter(Boolean)
        .map((v) => esc(v!))
        .join(';')}`,
    );
  if (card.org?.title) lines.push(`TITLE:${esc(card.org.title)}`);
  for (const p of card.phones ?? []) {
    if (!p.phone && !p.wa_id) continue;
    const type = `TYPE=${esc((p.type ?? 'CELL').toUpperCase())}`;
    const waid = p.wa_id ? `;waid=${p.wa_id.replace(/\D/g, '')}` : '';
    lines.push(`TEL;${type}${waid}:${esc(p.phone ?? `+${p.wa_id}`)}`);
  }
  for (const e of card.emails ?? [])
    if (e.email) lines.push(`EMAIL;TYPE=${esc((e.type ?? 'INTERNET').toUpperCase())}:${esc(e.email)}`);
  for (const u of card.urls ?? []) if (u.url) lines.push(`URL:${esc(u.url)}`);
  for (const a of card.addresses ?? []) {
    const parts = ['', '', a.street, a.city, a.state, a.zip, a.country].map((v) => esc(v ?? ''));
    lines.push(`ADR;TYPE=${esc((a.type ?? 'HOME').toUpperCase())}:${parts.join(';')}`);
  }
  if (card.birthday) lines.push(`BDAY:${esc(card.birthday)}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}

/** vCard escaping: backslash, comma, semicolon, newlines. */
const esc = (v: string) =>
  v
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
