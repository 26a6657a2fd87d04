/**
 * How chat events change the cached pages (kept apart from React so the rules are tested
 * alone). Every change is idempotent: the page and the top bar's pop-over may both apply the
 * same event to the same cache.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Chat, ChatMessage, ChatMessagePage, ChatPage } from '@balcao/contracts';

export type ChatPages = InfiniteData<ChatPage>;
export type MessagePages = InfiniteData<ChatMessagePage>;

const newest = (a: Chat, b: Chat) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * A chat created, changed or with a new message: it replaces its old copy, and takes its place
 * by activity among the rows loaded (newest first), so a chat with a new message comes first.
 * `undefined` when the list is not loaded (nothing to patch).
 */
export function upsertChat(data: ChatPages | undefined, chat: Chat): ChatPages | undefined {
  if (!data) return data;
  const known = data.pages.some((p) => p.records.some((c) => c.id === chat.id));
  const pages = data.pages.map((p) => ({ ...p, records: p.records.filter((c) => c.id !== chat.id) }));
  const first = pages[0];
  if (!first) return data;
  // Rows past the loaded pages are the server's to order: a newer chat goes into the first page.
  const target = pages.find((p) => p.records.some((c) => newest(chat, c) < 0)) ?? pages.at(-1)!;
  const index = target.records.findIndex((c) => newest(chat, c) < 0);
  target.records.splice(index === -1 ? target.records.length : index, 0, chat);
  if (!known) first.count += 1;
  return { ...data, pages };
}

/** A chat deleted, or the caller taken off it. */
export function removeChat(data: ChatPages | undefined, chatId: number): ChatPages | undefined {
  if (!data || !data.pages.some((p) => p.records.some((c) => c.id === chatId))) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      records: p.records.filter((c) => c.id !== chatId),
      count: i === 0 ? Math.max(0, p.count - 1) : p.count,
    })),
  };
}

/** A new message goes first on page 1 (pages hold the newest first), once. */
export function addMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.some((p) => p.records.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, records: [message, ...first.records], count: first.count + 1 }, ...rest] };
}

/** The messages of the loaded pages, oldest first (as shown), each once. */
export function messagesInOrder(data: MessagePages | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (const m of (data?.pages ?? []).flatMap((p) => p.records)) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    out.push(m);
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The chats of the loaded pages, each once (a page read after a move may repeat one). */
export function chatsInOrder(data: ChatPages | undefined): Chat[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.records).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}
