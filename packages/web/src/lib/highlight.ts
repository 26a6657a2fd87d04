/**
 * Where a search text occurs in a message, ignoring case and accents ("nao" finds "NÃO"), as
 * parts to render with the matches marked. The text is folded one character at a time so that
 * every folded position maps back to the character it came from.
 */
export interface Part {
  text: string;
  match: boolean;
}

const foldChar = (c: string) => c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
export const fold = (text: string) => Array.from(text, foldChar).join('');

/**
 * The parts of `text` with every occurrence of `term` marked. When the first one lies further
 * than `lead` characters in, the text before it is cut to `lead` characters behind an ellipsis,
 * so a one-line preview still shows it.
 */
export function highlight(text: string, term: string, lead = Number.POSITIVE_INFINITY): Part[] {
  const needle = fold(term.trim());
  if (!needle) return [{ text, match: false }];
  // folded[i] came from text[origin[i]] (code unit offsets).
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const c of text) {
    const f = foldChar(c);
    for (let k = 0; k < f.length; k++) origin.push(at);
    folded += f;
    at += c.length;
  }
  origin.push(text.length);
  const ranges: Array<[number, number]> = [];
  for (let i = folded.indexOf(needle); i !== -1; i = folded.indexOf(needle, i + needle.length)) {
    ranges.push([origin[i]!, origin[i + needle.length] ?? text.length]);
  }
  if (ranges.length === 0) return [{ text, match: false }];
  const parts: Part[] = [];
  let from = 0;
  if (ranges[0]![0] > lead) {
    from = ranges[0]![0] - lead;
    parts.push({ text: '…', match: false });
  }
  for (const [start, end] of ranges) {
    if (start > from) parts.push({ text: text.slice(from, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    from = end;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
