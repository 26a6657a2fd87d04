import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@balcao/contracts';
import { messagesKey, putMessages, threadOf, type Pages } from './threadCache';

const at = (s: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, s)).toISOString();
const message = (id: number, patch: Partial<Message> = {}): Message =>
  ({ id, ticketId: 7, body: `m${id}`, fromMe: true, ack: 0, createdAt: at(0), updatedAt: at(0), ...patch }) as Message;

function cacheWith(messages: Message[]) {
  const qc = new QueryClient();
  const pages: Pages = { pages: [{ messages, count: messages.length, hasMore: false }], pageParams: [1] };
  qc.setQueryData(messagesKey(7), pages);
  return { qc, thread: () => threadOf(qc.getQueryData<Pages>(messagesKey(7))) };
}

describe('the thread cache', () => {
  it('lays a newer copy over the held one, and adds a message it does not hold', () => {
    const { qc, thread } = cacheWith([message(1)]);
    putMessages(qc, 7, [message(1, { ack: 1, updatedAt: at(1) }), message(2)]);
    expect(thread().map((m) => [m.id, m.ack])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('keeps the held copy when an older one arrives (a send answer after its "sent" event)', () => {
    const { qc, thread } = cacheWith([message(1, { ack: 1, updatedAt: at(2) })]);
    putMessages(qc, 7, [message(1, { ack: 0, updatedAt: at(1) })]);
    expect(thread()[0]!.ack).toBe(1);
  });
});
