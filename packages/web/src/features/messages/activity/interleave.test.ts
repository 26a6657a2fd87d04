import { describe, expect, it } from 'vitest';
import type { Message, TicketActivityRecord } from '@balcao/contracts';
import { interleave } from './interleave';

const msg = (id: number, at: string) => ({ id, createdAt: `2026-01-01T${at}:00Z` }) as Message;
const act = (action: TicketActivityRecord['action'], at: string): TicketActivityRecord => ({
  action,
  at: `2026-01-01T${at}:00Z`,
  userId: null,
  queueId: null,
});
const shape = (e: ReturnType<typeof interleave>) =>
  e.map((x) => (x.kind === 'message' ? `m${x.message.id}` : x.record.action));

describe('activity lines among the messages', () => {
  const messages = [msg(1, '14:00'), msg(2, '14:10')];
  const records = [
    act('created', '13:59'),
    act('transferred', '14:02'),
    act('accepted', '14:05'),
    act('closed', '14:20'),
  ];

  it('go between the messages by time, later ones after the last message', () => {
    expect(shape(interleave(messages, records, true))).toEqual([
      'created',
      'm1',
      'transferred',
      'accepted',
      'm2',
      'closed',
    ]);
  });

  it('older than the first loaded message wait until the thread reaches its start', () => {
    expect(shape(interleave(messages, records, false))).toEqual(['m1', 'transferred', 'accepted', 'm2', 'closed']);
  });
});
