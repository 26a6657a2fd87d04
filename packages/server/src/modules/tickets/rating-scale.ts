/**
 * The rating's scale lives in the connection's text (issue 35): the text asks "de 1 a 5" or lists
 * its options, and the reply is read against what it asked. A text that names no scale (written
 * before the scale moved into the text) keeps working: the spec's 1–3 scale is appended to it.
 * Whatever the text's scale, the stored rating is the contract's 1–3 (ARCHITECTURE §1 contract
 * details, the dashboard's average): an answer k of 1..n is placed proportionally on 1..3.
 */

/** The spec's scale (foundation §9), sent after a text that names none. */
const LEGACY_SCALE = '*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito satisfeito_';
const DEFAULT_TOP = 3;
const MAX_TOP = 10;

/** "1 a 5", "1-5", "1 to 5", "1 y 5", "entre 1 e 5", "1 até 5": the range's top. */
const RANGE = /(?<![\d.,:/])1\s*(?:a|à|ao|até|ate|to|hasta|y|e|-|–|—)\s*(\d{1,2})(?![\d.,:/]\d)/iu;
/** A number standing alone (not part of an hour, a date, a decimal or a word). */
const LONE_NUMBER = /(?<![\p{L}\d.,:/])(\d{1,2})(?![\p{L}\d]|[.,:/]\d)/gu;

/**
 * The highest answer `text` offers: a range's top, else the longest run 1, 2, … n of the numbers
 * it lists (at least 2); undefined when it names no scale.
 */
export function ratingScale(text: string): number | undefined {
  const range = RANGE.exec(text);
  const top = range ? Number(range[1]) : undefined;
  if (top !== undefined && top >= 2 && top <= MAX_TOP) return top;
  const listed = new Set([...text.matchAll(LONE_NUMBER)].map((m) => Number(m[1])));
  let n = 0;
  while (n < MAX_TOP && listed.has(n + 1)) n++;
  return n >= 2 ? n : undefined;
}

/** The request sent: the company's text as written, plus the spec's scale when it names none. */
export const ratingRequest = (text: string) =>
  ratingScale(text) === undefined ? `${text.trim()}\n\n${LEGACY_SCALE}` : text.trim();

/**
 * A reply that is a rating on the scale `text` asked: one whole number from 1 to its top, nothing
 * else (spaces and a trailing dot allowed), as the stored 1–3; undefined for anything else.
 */
export function ratingOf(body: string, text = ''): number | undefined {
  const top = ratingScale(text) ?? DEFAULT_TOP;
  const m = /^\s*(\d{1,2})\s*\.?\s*$/.exec(body);
  const answer = m ? Number(m[1]) : NaN;
  if (!(answer >= 1 && answer <= top)) return undefined;
  return Math.round(1 + ((answer - 1) * 2) / (top - 1));
}
