import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob, handleJob } from '../platform/jobs.js';
import type { Deps } from '../platform/context.js';
import { chatbotJobDef } from './chatbot-jobs.js';
import { runChatbot } from './run-chatbot.js';
import { expireTickets } from './expire-tickets.js';
import { transferWaitingTickets } from './transfer-tickets.js';
import { flowTurnJobDef } from './flows/flow-jobs.js';
import { runFlowTurn } from './flows/advance-flow.js';
import {
  integrationStartJobDef,
  integrationTurnJobDef,
  webhookDeliveryJobDef,
} from './integrations/integration-jobs.js';
import { runIntegrationStart, runIntegrationTurn } from './integrations/integration-turn.js';
import { deliverWebhook } from './integrations/webhook-delivery.js';
import { promptTurnJobDef } from './prompts/prompt-jobs.js';
import { runPromptTurn } from './prompts/prompt-turn.js';

/** The time rules: every minute, across companies (expiresTicket, timeToTransfer). */
const sweepPayload = z.object({ companyId: z.null() });
const everyMinute = { expression: '* * * * *', payload: { companyId: null } };
export const expireTicketsJobDef = defineJob({
  name: 'tickets-expire',
  version: 1,
  schema: sweepPayload,
  retryLimit: 0,
  cron: everyMinute,
});
export const transferTicketsJobDef = defineJob({
  name: 'tickets-transfer',
  version: 1,
  schema: sweepPayload,
  retryLimit: 0,
  cron: everyMinute,
});

/** The automation's jobs: the turns of the chatbot, flows, integrations and prompts (queued with stored messages) and the time rules. */
export const automationJobs = [
  handleJob({ spec: chatbotJobDef, concurrency: 8, handle: (job, { deps }: { deps: Deps }) => runChatbot(deps, job) }),
  handleJob({
    spec: flowTurnJobDef,
    concurrency: 8,
    handle: (job, { deps }: { deps: Deps }) => runFlowTurn(deps, job),
  }),
  handleJob({
    spec: integrationTurnJobDef,
    concurrency: 8,
    handle: (job, { deps }: { deps: Deps }) => runIntegrationTurn(deps, job),
  }),
  handleJob({
    spec: integrationStartJobDef,
    concurrency: 8,
    handle: (job, { deps }: { deps: Deps }) => runIntegrationStart(deps, job),
  }),
  handleJob({
    spec: webhookDeliveryJobDef,
    concurrency: 16,
    handle: (job, { deps }: { deps: Deps }) => deliverWebhook(deps, job),
  }),
  handleJob({
    spec: promptTurnJobDef,
    concurrency: 8,
    handle: (job, { deps }: { deps: Deps }) => runPromptTurn(deps, job),
  }),
  handleJob({
    spec: expireTicketsJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: Deps }) => {
      const closed = await expireTickets(deps);
      if (closed > 0) log.info({ closed }, 'tickets expired');
    },
  }),
  handleJob({
    spec: transferTicketsJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: Deps }) => {
      const moved = await transferWaitingTickets(deps);
      if (moved > 0) log.info({ moved }, 'waiting tickets transferred');
    },
  }),
];
