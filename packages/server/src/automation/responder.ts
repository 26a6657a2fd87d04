import type { tickets } from '../db/schema/index.js';
import type { Deps, Uow } from '../platform/context.js';

/**
 * A stored customer message that automation may answer: not the company's own, not a group's, on
 * a pending ticket nobody attends and no rating awaits. The pipeline (inbox/receive-batch.ts)
 * builds one per such message of a batch, in batch order.
 */
export interface Candidate {
  messageId: number;
  ticketId: number;
  whatsappId: number;
  body: string;
  /** A text message (a flow starts only on text). */
  isText: boolean;
  /** The ticket as the storing statement left it. */
  ticket: typeof tickets.$inferSelect;
  /** Whether the chatbot can have anything to say on this ticket (chatbot-jobs.ts `botMayAct`). */
  botMayAct: boolean;
}

/** The message a reaction answers (the payload of every message job). */
export interface MessageRef {
  companyId: number;
  ticketId: number;
  messageId: number;
}

/**
 * One kind of automation answering customers (flow, integration, AI prompt, chatbot …), listed
 * by priority in responders.ts. `claim` runs once per batch inside the storing transaction, on
 * the candidates no earlier responder took: it answers the ones it takes, each with its claim
 * (usually its job's id, queued in the same transaction: the retry when the reaction never
 * commits). `react` runs once per claimed message after the commit, in the ticket's order.
 */
export interface Responder<C = unknown> {
  name: string;
  claim(deps: Deps, uow: Uow, companyId: number, open: readonly Candidate[]): Promise<ReadonlyMap<number, C>>;
  react(deps: Deps, message: MessageRef, claim: C): Promise<void>;
}

/** A responder for the registry, its claim type hidden (the pipeline only hands a claim back to its own responder). */
export const responder = <C>(r: Responder<C>): Responder => r as Responder;
