/**
 * The thread's cache: pages of `GET /messages/{ticketId}` (page 1 the newest, each oldest first)
 * and how a message from an answer or an event is laid into them.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message, MessageChange, MessagePage } from '@balcao/contracts';

export const messagesKey = (ticketId: number) => ['messages', ticketId] as const;
export type Pages = InfiniteData<MessagePage, number>;

/** Oldest first, each message once. */
export function threadOf(data: Pages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * A message the thread does not hold yet, from an event's row: its quoted message (named by id)
 * as the thread holds it; no author contact or bot mark unless the event carries them (as the
 * thread showed such rows until read again).
 */
function asThreadMessage(m: MessageChange, data: Pages): Message {
  const q = m.quotedMsgId ? threadOf(data).find((x) => x.id === m.quotedMsgId) : undefined;
  const quotedMsg = q
    ? {
        id: q.id,
        body: q.body,
        fromMe: q.fromMe,
        mediaType: q.mediaType,
        mediaUrl: q.mediaUrl,
        isDeleted: q.isDeleted,
        contact: q.contact,
      }
    : null;
  return { fromBot: false, contact: null, quotedMsg, ...m };
}

/**
 * Whether `incoming` may replace the held copy: not when it is older. A send's answer is taken
 * when the message is queued; on a fast path the provider's "sent" event (ack 1) arrives first,
 * and laying the answer over it would take the tick back.
 */
const notOlder = (incoming: MessageChange, held: Message) =>
  Date.parse(incoming.updatedAt) >= Date.parse(held.updatedAt);

/** Adds new messages to the newest page, or lays them over the held copies (never an older one). */
export function putMessages(qc: QueryClient, ticketId: number, incoming: MessageChange[]) {
  qc.setQueryData<Pages>(messagesKey(ticketId), (data) => {
    if (!data || data.pages.length === 0) return data;
    let pages = data.pages;
    for (const m of incoming) {
      const where = pages.findIndex((p) => p.messages.some((x) => x.id === m.id));
      if (where >= 0) {
        pages = pages.map((p, i) =>
          i === where
            ? { ...p, messages: p.messages.map((x) => (x.id === m.id && notOlder(m, x) ? { ...x, ...m } : x)) }
            : p,
        );
      } else {
        const first = pages[0]!;
        const added = asThreadMessage(m, data);
        pages = [{ ...first, messages: [...first.messages, added], count: first.count + 1 }, ...pages.slice(1)];
      }
    }
    return { ...data, pages };
  });
}
