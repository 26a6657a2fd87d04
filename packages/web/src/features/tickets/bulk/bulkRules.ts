/**
 * What a bulk answer changed, and the reverse of a bulk transfer: each ticket back to its former
 * queue and user, one call a former place (a ticket that had no queue cannot be transferred back).
 */
import type { Ticket, TicketBulkAnswer, TicketBulkBody } from '@balcao/contracts';

/** The tickets that changed: the asked ones minus the skipped. */
export const changedIds = (asked: readonly number[], answer: TicketBulkAnswer) => {
  const skipped = new Set(answer.skipped.map((s) => s.id));
  return asked.filter((id) => !skipped.has(id));
};

/** One transfer body a former (queue, user): the reverse of a bulk transfer. */
export function reverseTransfers(before: readonly Ticket[], changed: readonly number[]): TicketBulkBody[] {
  const moved = new Set(changed);
  const groups = new Map<string, TicketBulkBody>();
  for (const tk of before) {
    if (!moved.has(tk.id) || tk.queueId === null) continue;
    const key = `${tk.queueId}:${tk.userId ?? ''}`;
    const body = groups.get(key) ?? { action: 'transfer', ticketIds: [], queueId: tk.queueId, userId: tk.userId };
    body.ticketIds.push(tk.id);
    groups.set(key, body);
  }
  return [...groups.values()];
}
