import type { Deps, Uow } from '../../platform/context.js';
import type { TicketRow } from './ticket-view.js';

/**
 * A ticket transferred to a queue, waiting there without a user, goes to the queue's holder (its
 * integration or prompt), which makes its first move. That is automation's business
 * (automation/holder-entry.ts), a layer above the domains: boot.ts registers it here, so that a
 * transfer calls it without this domain importing automation.
 */
export type QueueHolderEntry = (deps: Deps, uow: Uow, ticketId: number) => Promise<TicketRow>;

let entry: QueueHolderEntry | undefined;

/** Composition (boot.ts): what a transferred ticket waiting in its queue enters. */
export function registerQueueHolder(enter: QueueHolderEntry): void {
  entry = enter;
}

/** The ticket (locked by the caller, now in its queue) enters the queue's holder; answers it as it now is. */
export function enterQueueHolder(deps: Deps, uow: Uow, ticketId: number): Promise<TicketRow> {
  if (!entry) throw new Error('No queue holder registered: boot.ts registers automation/holder-entry.ts');
  return entry(deps, uow, ticketId);
}
