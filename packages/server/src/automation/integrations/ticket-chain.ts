import type { Logger } from 'pino';

/** Work queued per ticket in this process, one piece after the other. */
const chains = new Map<number, Promise<void>>();

/**
 * Runs `work` after the ticket's earlier work of this process, without making the caller wait:
 * an outside service's answer for one message (Typebot, Dialogflow, a webhook's first attempt)
 * never holds up the storing of the next, yet one ticket's answers keep their order. A failure
 * is logged; the message's lease (or delivery job) stays for a worker to try again.
 */
export function afterTicket(ticketId: number, log: Logger, work: () => Promise<void>): void {
  const previous = chains.get(ticketId) ?? Promise.resolve();
  const next = previous
    .then(work)
    .catch((err: unknown) => log.error({ err, ticketId }, 'integration work failed'))
    .finally(() => {
      if (chains.get(ticketId) === next) chains.delete(ticketId);
    });
  chains.set(ticketId, next);
}

/** Resolves when this process has no integration work under way (tests, benches). */
export async function integrationWorkSettled(): Promise<void> {
  while (chains.size > 0) await Promise.all([...chains.values()]);
}
