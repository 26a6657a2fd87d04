/**
 * WhatsApp's text styles, read as the phone reads them: *bold*, _italic_, ~strikethrough~,
 * `inline code` and ```monospace```. Pure: the renderer (FormattedText.tsx) turns the spans into
 * elements, so user text is only ever React text (escaped), never HTML.
 *
 * The rules, as WhatsApp applies them:
 * - a marker opens only at the start of the text or after a character that is not a letter or
 *   digit (`2*3*4`, `snake_case_name` stay as typed) and closes only before the end or such a
 *   character (`*a*b` stays);
 * - the styled text is not empty and neither starts nor ends with a space (`* a *` stays);
 * - the nearest closing marker wins; a style never spans lines, except ```monospace``` blocks;
 * - styles nest (`*_both_*`); code and monospace are literal (no styles inside).
 */

export type Span =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: Span[] }
  | { kind: 'code' | 'mono'; text: string };

const STYLES = { '*': 'bold', _: 'italic', '~': 'strike', '`': 'code' } as const;
type Marker = keyof typeof STYLES;
const FENCE = '```';

const isMarker = (c: string | undefined): c is Marker => c !== undefined && Object.hasOwn(STYLES, c);
const isSpace = (c: string) => /\s/u.test(c);
const WORD = /^[\p{L}\p{N}]/u;

/** Whether a letter or digit starts at `at` (whole code points: a surrogate pair is one letter). */
const wordAt = (s: string, at: number) =>
  at >= 0 && at < s.length && WORD.test(String.fromCodePoint(s.codePointAt(at)!));
/** Whether a letter or digit ends right before `at`. */
function wordBefore(s: string, at: number) {
  const low = s.charCodeAt(at - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && at >= 2;
  return wordAt(s, at - (pair ? 2 : 1));
}

/** A closing marker may sit at `at`: after a non-space, before the range's end or a non-word. */
const mayClose = (s: string, at: number, to: number) => !isSpace(s[at - 1]!) && (at + 1 >= to || !wordAt(s, at + 1));

/** The nearest closing `marker` for the one opening at `open`, on the same line, or -1. */
function closeSingle(s: string, marker: Marker, open: number, to: number): number {
  for (let k = open + 2; k < to; k++) {
    const c = s[k];
    if (c === '\n') return -1;
    if (c === marker && mayClose(s, k, to)) return k;
  }
  return -1;
}

/** The nearest closing fence of a ```monospace``` block (it may span lines), or -1. */
function closeFence(s: string, open: number, to: number): number {
  for (let k = s.indexOf(FENCE, open + 3); k >= 0 && k + 3 <= to; k = s.indexOf(FENCE, k + 1)) {
    const after = k + 3;
    if (s.slice(open + 3, k).trim() !== '' && (after >= to || !wordAt(s, after))) return k;
  }
  return -1;
}

function pushText(out: Span[], text: string) {
  if (!text) return;
  const last = out.at(-1);
  if (last?.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

function parseRange(s: string, from: number, to: number): Span[] {
  const out: Span[] = [];
  let textStart = from;
  // Whether a closing marker may sit somewhere does not depend on the opening one: a marker that
  // found none on this line will find none for a later opening either (keeps the parse linear).
  const hopeless = new Set<Marker>();
  let i = from;
  while (i < to) {
    const c = s[i];
    if (c === '\n') hopeless.clear();
    if (!isMarker(c)) {
      i++;
      continue;
    }
    const fence = c === '`' && s.startsWith(FENCE, i) && i + 3 <= to;
    if (i > from && wordBefore(s, i)) {
      i += fence ? 3 : 1; // a fence inside a word is text, all three backticks
      continue;
    }
    let span: Span | null = null;
    let next = i + 1;
    if (fence) {
      const end = closeFence(s, i, to);
      if (end >= 0) span = { kind: 'mono', text: s.slice(i + 3, end) };
      next = end >= 0 ? end + 3 : i + 3; // an unclosed fence is text, all three backticks
    } else if (!hopeless.has(c) && i + 1 < to && !isSpace(s[i + 1]!) && s[i + 1] !== c) {
      const end = closeSingle(s, c, i, to);
      if (end < 0) hopeless.add(c);
      else {
        const kind = STYLES[c];
        span = kind === 'code' ? { kind, text: s.slice(i + 1, end) } : { kind, children: parseRange(s, i + 1, end) };
        next = end + 1;
      }
    }
    if (span) {
      pushText(out, s.slice(textStart, i));
      out.push(span);
      textStart = next;
    }
    i = next;
  }
  pushText(out, s.slice(textStart, to));
  return out;
}

export function parseWhatsApp(text: string): Span[] {
  return parseRange(text, 0, text.length);
}

/** The text without its marks (what a person reads), e.g. for labels and tests. */
export function plainText(spans: Span[]): string {
  return spans.map((s) => ('children' in s ? plainText(s.children) : s.text)).join('');
}
