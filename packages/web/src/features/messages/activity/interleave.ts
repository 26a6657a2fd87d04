/**
 * Places a ticket's activity lines among its messages by time (a line goes before the first
 * message at or after it). Lines older than the first loaded message show only once the thread
 * reaches its start (no older page): otherwise they would sit above messages not yet loaded.
 */
import type { Message, TicketActivityRecord } from '@balcao/contracts';

export type ThreadEntry =
  { kind: 'message'; message: Message } | { kind: 'activity'; record: TicketActivityRecord; key: string };

export function interleave(
  messages: readonly Message[],
  records: readonly TicketActivityRecord[],
  atStart: boolean,
): ThreadEntry[] {
  const lines = records.map((record, i) => ({
    kind: 'activity' as const,
    record,
    key: `a${i}`,
    time: Date.parse(record.at),
  }));
  const first = messages[0] ? Date.parse(messages[0].createdAt) : -Infinity;
  const shown = atStart ? lines : lines.filter((l) => l.time >= first);
  const out: ThreadEntry[] = [];
  let next = 0;
  for (const message of messages) {
    const at = Date.parse(message.createdAt);
    while (next < shown.length && shown[next]!.time < at) out.push(shown[next++]!);
    out.push({ kind: 'message', message });
  }
  while (next < shown.length) out.push(shown[next++]!);
  return out.map((e) => (e.kind === 'activity' ? { kind: 'activity', record: e.record, key: e.key } : e));
}
