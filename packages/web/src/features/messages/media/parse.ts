/**
 * Reading the text forms of special messages: a location is a map link followed by its name and
 * address lines; a shared contact is one or more vCards.
 */

export interface Location {
  link: string | null;
  lines: string[];
}

export function parseLocation(body: string): Location {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0] ?? '';
  if (/^https?:\/\//.test(first)) return { link: first, lines: lines.slice(1) };
  return { link: null, lines };
}

export interface VCard {
  name: string;
  numbers: string[];
}

/** Each BEGIN:VCARD … END:VCARD block's name (FN, else N) and phone numbers. */
export function parseVCards(body: string): VCard[] {
  const cards: VCard[] = [];
  const blocks = body.split(/BEGIN:VCARD/i).slice(1);
  for (const block of blocks) {
    let name = '';
    const numbers: string[] = [];
    for (const raw of block.split(/\r?\n/)) {
      const line = raw.trim();
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).toUpperCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'FN' || key.startsWith('FN;')) name = value;
      else if (!name && (key === 'N' || key.startsWith('N;')))
        name = value.split(';').filter(Boolean).reverse().join(' ');
      else if (key.startsWith('TEL') || key.includes('.TEL')) {
        const waid = /waid=(\d+)/i.exec(key)?.[1];
        numbers.push(value || (waid ? `+${waid}` : ''));
      }
    }
    cards.push({ name, numbers: numbers.filter(Boolean) });
  }
  return cards;
}
