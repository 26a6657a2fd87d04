/**
 * What a Typebot chat answer (startChat / continueChat, docs.typebot.io) says to the customer, as
 * WhatsApp can show it. Pure.
 *
 * - text bubbles, `richText` (Slate nodes: paragraphs of leaves `{text, bold, italic,
 *   strikethrough}` and links `{type: 'a', url}`) or `markdown`: one message each, bold `*x*`,
 *   italic `_x_`, strike `~x~`, a link as its plain URL (after its words when they differ);
 * - image bubbles: an image, by its URL (fetched and stored by the turn);
 * - video, audio and embed bubbles: their URL as text (WhatsApp shows a link);
 * - a choice input: its items as a numbered list, one message; the customer answers with the
 *   number or the item's text (`choiceOf`);
 * - no input at all: the bot has finished.
 */

export type TypebotItem = { kind: 'text'; body: string } | { kind: 'image'; url: string };

export interface TypebotAnswer {
  /** startChat's session id. */
  sessionId?: string;
  items: TypebotItem[];
  /** The choice input's items the session now waits on (null: no choice input). */
  choices: string[] | null;
  /** No input follows: the bot's flow is over. */
  ended: boolean;
}

type Node = {
  type?: string;
  text?: string;
  url?: string;
  children?: Node[];
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
};

export function readTypebotAnswer(answer: unknown): TypebotAnswer {
  const a = (answer ?? {}) as { sessionId?: unknown; messages?: unknown; input?: unknown };
  const items: TypebotItem[] = [];
  for (const m of Array.isArray(a.messages) ? (a.messages as { type?: string; content?: any }[]) : []) {
    const content = m?.content ?? {};
    if (m?.type === 'text') {
      const body =
        content.type === 'markdown' || typeof content.markdown === 'string'
          ? fromMarkdown(String(content.markdown ?? ''))
          : fromRichText(Array.isArray(content.richText) ? content.richText : []);
      if (body.trim()) items.push({ kind: 'text', body: body.trim() });
    } else if (m?.type === 'image' && typeof content.url === 'string' && content.url) {
      items.push({ kind: 'image', url: content.url });
    } else if (typeof content.url === 'string' && content.url) {
      items.push({ kind: 'text', body: content.url });
    }
  }
  const input = a.input as { type?: string; items?: { content?: unknown }[] } | undefined;
  const choices =
    input?.type === 'choice input' && Array.isArray(input.items)
      ? input.items.map((i) => (typeof i?.content === 'string' ? i.content.trim() : '')).filter((c) => c !== '')
      : null;
  return {
    ...(typeof a.sessionId === 'string' ? { sessionId: a.sessionId } : {}),
    items,
    choices: choices && choices.length > 0 ? choices : null,
    ended: !input,
  };
}

/** A choice input as one message: `*1* - Vendas` per line (the chatbot's menus read the same). */
export const choiceList = (choices: string[]) => choices.map((c, i) => `*${i + 1}* - ${c}`).join('\n');

/**
 * The item a customer's answer picks: its number, or its text (case, accents and spaces
 * ignored). Undefined when it picks none.
 */
export function choiceOf(answer: string, choices: string[]): string | undefined {
  const text = answer.trim();
  if (/^\d{1,3}$/.test(text)) return choices[Number(text) - 1];
  return choices.find((c) => same(c, text));
}

/** Whether the customer's message is exactly this keyword (case, accents and spaces ignored; an empty keyword never). */
export function isKeyword(message: string, keyword: string): boolean {
  return keyword.trim() !== '' && same(message, keyword);
}

const same = (a: string, b: string) => plain(a) === plain(b);
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

/** Slate's rich text as WhatsApp text: blocks on their own lines, marks as WhatsApp's. */
export function fromRichText(nodes: Node[]): string {
  return nodes.map((n) => block(n)).join('\n');
}

function block(node: Node): string {
  if (node.type === 'ul' || node.type === 'ol') {
    return (node.children ?? [])
      .map((li, i) => `${node.type === 'ol' ? `${i + 1}.` : '•'} ${inline(li.children ?? [])}`)
      .join('\n');
  }
  if (node.children && node.type !== 'a') {
    // A block holding blocks (a list item's paragraph, a variable's) or leaves.
    const nested = node.children.some((c) => c.children && c.type !== 'a');
    return nested ? node.children.map(block).join('\n') : inline(node.children);
  }
  return inline([node]);
}

function inline(nodes: Node[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'a' && n.url) {
        const words = inline(n.children ?? []).trim();
        return words && words !== n.url ? `${words} (${n.url})` : n.url;
      }
      if (n.children) return inline(n.children);
      let text = n.text ?? '';
      if (n.bold) text = mark(text, '*');
      if (n.italic) text = mark(text, '_');
      if (n.strikethrough) text = mark(text, '~');
      return text;
    })
    .join('');
}

/** WhatsApp reads `*x*` only with the marks against the words: spaces stay outside. */
function mark(text: string, m: string): string {
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return core ? `${lead}${m}${core}${m}${trail}` : text;
}

/** Typebot's markdown as WhatsApp text: `**b**` → `*b*`, `*i*`/`_i_` → `_i_`, `~~s~~` → `~s~`, `[t](u)` → `t (u)`. */
export function fromMarkdown(md: string): string {
  return md
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, words: string, url: string) =>
      words.trim() && words.trim() !== url ? `${words} (${url})` : url,
    )
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_, a?: string, b?: string) => `\uE000${a ?? b}\uE000`)
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, (_, pre: string, x: string) => `${pre}_${x}_`)
    .replace(/~~([^~]+)~~/g, '~$1~')
    .replace(/\uE000/g, '*');
}
