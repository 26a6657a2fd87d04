import { MESSAGE_MAX_LENGTH, PROMPT_TRANSFER_PHRASE } from '@balcao/contracts';

/**
 * The transfer phrase as models write it: any case, accents optional, any run of spaces, and
 * markdown emphasis around the words (`**Ação:** Transferir …`).
 */
const transferPattern = new RegExp(
  [...PROMPT_TRANSFER_PHRASE]
    .map((c) => {
      if (/\s/.test(c)) return '[\\s*_]+';
      const bare = c.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      const literal = c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return bare !== c ? `[${c}${bare}]` : c === ':' ? ':[*_]*' : literal;
    })
    .join(''),
  'iu',
);

/**
 * What to do with the model's answer: send it, or — it holds the transfer phrase — hand the
 * customer to attendants, sending only what came before the phrase (a goodbye the model wrote
 * first, markdown marks trimmed); the phrase and anything after it are never sent.
 */
export function readAnswer(answer: string): { send: string; transfer: boolean } {
  const match = transferPattern.exec(answer);
  if (!match) return { send: answer.trim(), transfer: false };
  const before = answer
    .slice(0, match.index)
    .replace(/[\s*_]+$/u, '')
    .trim();
  return { send: before, transfer: true };
}

/**
 * An answer longer than WhatsApp takes in one message (a prompt may allow thousands of tokens)
 * as several, cut at a paragraph, else a line, else a space, else anywhere.
 */
export function splitForWhatsApp(text: string, max = MESSAGE_MAX_LENGTH): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find(
      (i) => i > max / 2,
    );
    const at = cut ?? max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
