import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@balcao/contracts';
import {
  addMessage,
  chatsInOrder,
  messagesInOrder,
  removeChat,
  upsertChat,
  type ChatPages,
  type MessagePages,
} from './chatCache';

const chat = (id: number, minute: number, patch: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `u-${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  users: [],
  lastMessage: '',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  ...patch,
});
const pages = (...rows: Chat[][]): ChatPages => ({
  pages: rows.map((records, i) => ({ records, count: rows.flat().length, hasMore: i < rows.length - 1 })),
  pageParams: rows.map((_, i) => i + 1),
});
const ids = (d: ChatPages | undefined) => d?.pages.map((p) => p.records.map((c) => c.id));
const message = (id: number, chatId = 1): ChatMessage => ({
  id,
  chatId,
  senderId: 2,
  sender: { id: 2, name: 'Bia' },
  message: `m${id}`,
  createdAt: '2026-01-01T10:00:00.000Z',
});

describe('upsertChat', () => {
  it('moves a chat with newer activity to the front, replacing its old copy', () => {
    const before = pages([chat(3, 30), chat(2, 20)], [chat(1, 10)]);
    const after = upsertChat(before, chat(1, 40, { lastMessage: 'oi' }));
    expect(ids(after)).toEqual([[1, 3, 2], []]);
    expect(after!.pages[0]!.records[0]!.lastMessage).toBe('oi');
    expect(after!.pages[0]!.count).toBe(3);
    // The old pages are left untouched (React Query compares by reference).
    expect(ids(before)).toEqual([[3, 2], [1]]);
  });

  it('patches in place when the activity did not change (a read), and counts a new chat once', () => {
    const before = pages([chat(3, 30), chat(2, 20)]);
    expect(ids(upsertChat(before, chat(2, 20, { title: 'x' })))).toEqual([[3, 2]]);
    const added = upsertChat(before, chat(4, 50));
    expect(ids(added)).toEqual([[4, 3, 2]]);
    expect(added!.pages[0]!.count).toBe(3);
    expect(upsertChat(added, chat(4, 50))!.pages[0]!.count).toBe(3);
    expect(upsertChat(undefined, chat(4, 50))).toBeUndefined();
  });
});

describe('removeChat', () => {
  it('takes the chat out of every page, once', () => {
    const before = pages([chat(3, 30)], [chat(2, 20)]);
    const after = removeChat(before, 2);
    expect(ids(after)).toEqual([[3], []]);
    expect(after!.pages[0]!.count).toBe(1);
    expect(removeChat(after, 2)).toBe(after);
  });
});

describe('messages', () => {
  it('a new message goes first on page 1, once; shown oldest first without repeats', () => {
    const data: MessagePages = {
      pages: [
        { records: [message(5), message(4)], count: 3, hasMore: true },
        { records: [message(4), message(3)], count: 3, hasMore: false },
      ],
      pageParams: [1, 2],
    };
    const after = addMessage(data, message(6));
    expect(after!.pages[0]!.records.map((m) => m.id)).toEqual([6, 5, 4]);
    expect(addMessage(after, message(6))).toBe(after);
    expect(messagesInOrder(after).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(chatsInOrder(pages([chat(1, 1), chat(2, 2)], [chat(2, 2)])).map((c) => c.id)).toEqual([1, 2]);
  });
});
