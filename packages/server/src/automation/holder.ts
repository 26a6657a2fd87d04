/**
 * Who holds a conversation — exactly one answers each customer message:
 *
 * 1. an **attendant**: the ticket has a user (or is not pending) — nobody automatic answers;
 * 2. a **flow**: a run of the ticket is live, or the text starts one (flows/flow-trigger.ts);
 * 3. an **integration**: `tickets.integration_id` (webhook, n8n, Typebot, Dialogflow; a
 *    flowbuilder integration starts its flow, then the flow holds it);
 * 4. an **AI prompt**: `tickets.prompt_id`;
 * 5. the **chatbot** (the queue menu), when it has anything to say (chatbot-jobs.ts).
 *
 * A ticket takes its queue's integration or prompt (or, outside a queue, its connection's) when
 * it is made (modules/tickets/find-or-create.ts's insert) or enters a queue pending without a
 * user (the chatbot's choice or the connection's only queue, a transfer, a flow's ticket node) —
 * holder-entry.ts, the one place for entering a queue. On entry the holder starts at once:
 * Typebot opens its session and flowbuilder starts its flow (which then holds the ticket: the
 * integration lets go); webhook, n8n, Dialogflow and a prompt answer messages, so they wait for
 * the next one — except when the entry was automatic (a new ticket, the connection's only queue:
 * no choice the customer typed), when the message that brought the ticket in is handed on to them. A trigger (migration 0024) lets go of both
 * columns whenever the ticket gets a user or leaves pending, so an attendant's accept ends every
 * automation. An integration or a prompt that hands over (a finish keyword, the bot's end, the
 * transfer phrase, a failure) clears its own column and the ticket waits for attendants.
 */
export type Holder = 'integration' | 'prompt';

/** The automation holding a customer's message on a ticket nobody attends (after the flows'), if any. */
export function holderOf(ticket: { integrationId: number | null; promptId: number | null }): Holder | undefined {
  if (ticket.integrationId !== null) return 'integration';
  if (ticket.promptId !== null) return 'prompt';
  return undefined;
}
