import type { Deps, Uow } from '../platform/context.js';
import type { Candidate, MessageRef, Responder } from './responder.js';
import { flowResponder } from './flows/flow-responder.js';
import { integrationResponder } from './integrations/integration-responder.js';
import { promptResponder } from './prompts/prompt-responder.js';
import { chatbotResponder } from './chatbot-responder.js';

/**
 * Who answers a customer's message, by priority: exactly one responder claims it (automation/
 * holder.ts tells the why of this order). A new responder is a folder under automation/ with its
 * `Responder` (responder.ts) and one line here. Tests may insert one for the length of a test.
 */
export const RESPONDERS: Responder[] = [flowResponder, integrationResponder, promptResponder, chatbotResponder];

/** A message's responder and its claim, as the storing transaction decided them. */
export interface Claimed {
  responder: Responder;
  claim: unknown;
}

/**
 * In the storing transaction: each responder in turn claims among the candidates no earlier one
 * took (one call per responder and batch, none once every candidate is taken). Answers the
 * claims by message id.
 */
export async function claimBatch(
  deps: Deps,
  uow: Uow,
  companyId: number,
  candidates: readonly Candidate[],
): Promise<Map<number, Claimed>> {
  const claimed = new Map<number, Claimed>();
  let open = candidates;
  for (const responder of RESPONDERS) {
    if (open.length === 0) break;
    const claims = await responder.claim(deps, uow, companyId, open);
    if (claims.size === 0) continue;
    for (const [messageId, claim] of claims) claimed.set(messageId, { responder, claim });
    open = open.filter((c) => !claims.has(c.messageId));
  }
  return claimed;
}

/** After the commit: the claiming responder reacts to its message. */
export function react(deps: Deps, message: MessageRef, claimed: Claimed): Promise<void> {
  return claimed.responder.react(deps, message, claimed.claim);
}
