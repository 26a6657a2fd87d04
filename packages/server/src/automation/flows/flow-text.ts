/**
 * Text rules of flows: how a customer's text is compared (case, accents and surrounding spaces
 * ignored), and how a flow's texts are filled (the run's answers and the message variables).
 */

/** NFD, diacritics stripped, lower case, trimmed: "  Promoção " and "promocao" read the same. */
export function normalized(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Whether `text` contains `phrase` (both normalized); an empty phrase matches nothing. */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = normalized(phrase);
  return p !== '' && normalized(text).includes(p);
}

/**
 * `template` with each `{{key}}` whose key `values` has replaced, in one pass (an answer that
 * itself reads `{{name}}` stays as the customer wrote it); unknown placeholders are left as written.
 */
export function fillText(template: string, values: ReadonlyMap<string, string>): string {
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}/gu, (whole, key: string) => values.get(key) ?? whole);
}
