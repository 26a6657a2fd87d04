import { readServiceAccount } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import type { IntegrationRow, IntegrationTurn } from './integration-turn-read.js';
import { detectIntent, DialogflowError } from '../../modules/queue-integrations/dialogflow-client.js';
import { writeAnswer } from './integration-answer.js';

/** A 5xx, 429 or no answer is tried again twice, this long after the one before. */
const PAUSES_MS = [300, 1_000];

/**
 * Dialogflow's turn on one customer message: detectIntent (the service account's token, cached;
 * modules/queue-integrations/dialogflow-client.ts) with the ticket's id as the agent's session and the integration's
 * language, called with no transaction open; the fulfillment texts are sent in order
 * (`writeAnswer`). A message without text asks nothing. A key file that is not a service
 * account, or an agent that keeps failing, hands the ticket to attendants with a note — never
 * silence.
 */
export async function dialogflowTurn(
  deps: Deps,
  turn: IntegrationTurn & { integration: IntegrationRow },
  job: { companyId: number; ticketId: number; messageId: number },
  claim?: string,
): Promise<void> {
  const d = turn.integration;
  const base = {
    companyId: job.companyId,
    ticketId: job.ticketId,
    integrationId: d.id,
    messageId: job.messageId,
    claim,
    basedOn: null,
    session: 'keep' as const,
    delayMs: 0,
    files: [],
  };
  const text = (turn.message?.body ?? '').trim();
  if (!text) {
    await writeAnswer(deps, { ...base, sends: [] });
    return;
  }
  const note = (why: string) => ({ note: `Integração ${d.name}: ${why}; o atendimento segue com os atendentes.` });
  const account = readServiceAccount(d.jsonContent);
  if (!account) {
    await writeAnswer(deps, { ...base, sends: [], handOver: note('a conta de serviço do Dialogflow é inválida') });
    return;
  }
  let replies: string[];
  try {
    replies = await withTries(() => detectIntent(deps.config, account, String(job.ticketId), text, d.language));
  } catch (err) {
    deps.log.warn(
      { err, ticketId: job.ticketId, integrationId: d.id },
      'dialogflow failed; the ticket goes to attendants',
    );
    const why = err instanceof Error ? err.message : String(err);
    await writeAnswer(deps, {
      ...base,
      sends: [],
      handOver: note(`o Dialogflow não respondeu (${why.slice(0, 200)})`),
    });
    return;
  }
  await writeAnswer(deps, {
    ...base,
    sends: replies.filter((r) => r.trim()).map((body) => ({ kind: 'text' as const, body: body.trim() })),
  });
}

async function withTries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const status = err instanceof DialogflowError ? err.status : undefined;
      const retryable = status === undefined || status === 429 || status >= 500;
      if (!retryable || attempt >= PAUSES_MS.length) throw err;
      await new Promise((r) => setTimeout(r, PAUSES_MS[attempt]));
    }
  }
}
