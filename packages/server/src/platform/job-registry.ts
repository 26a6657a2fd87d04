import { z } from 'zod';
import { defineJob, worker, type JobSpec, type JobWorker } from './jobs.js';
import type { Mailer } from './mail.js';
import type { Deps } from './context.js';
import { runChatbot } from '../automation/run-chatbot.js';
import { chatbotJobDef } from '../automation/chatbot-jobs.js';
import { expireTickets } from '../automation/expire-tickets.js';
import { transferWaitingTickets } from '../automation/transfer-tickets.js';
import { pruneRateEvents } from './rate-events.js';

/**
 * Every job of the product, by name. Handlers live beside the domain that owns them (and so does
 * a spec that its domain queues inside its own transactions: automation/chatbot-jobs.ts).
 */
export const sendMailJobDef = defineJob({
  name: 'mail-send',
  schema: z.object({
    companyId: z.number().int().nullable(),
    to: z.string().email(),
    subject: z.string().min(1).max(300),
    text: z.string().min(1).max(20_000),
  }),
  retryLimit: 8,
  retryDelaySeconds: 10,
});

/** The time rules: every minute, across companies (expiresTicket, timeToTransfer). */
const sweepPayload = z.object({ companyId: z.null() });
export const expireTicketsJobDef = defineJob({
  name: 'tickets-expire',
  schema: sweepPayload,
  retryLimit: 0,
  cron: { expression: '* * * * *', payload: { companyId: null } },
});
export const transferTicketsJobDef = defineJob({
  name: 'tickets-transfer',
  schema: sweepPayload,
  retryLimit: 0,
  cron: { expression: '* * * * *', payload: { companyId: null } },
});

/** Rate-limit rows past any window (platform/rate-events.ts), hourly. */
export const pruneRateEventsJobDef = defineJob({
  name: 'rate-events-prune',
  schema: sweepPayload,
  retryLimit: 0,
  cron: { expression: '17 * * * *', payload: { companyId: null } },
});

export const JOB_SPECS: JobSpec[] = [
  sendMailJobDef,
  chatbotJobDef,
  expireTicketsJobDef,
  transferTicketsJobDef,
  pruneRateEventsJobDef,
];

/** `deps` is read when a job runs (the jobs start before the rest of the deps exist). */
export function jobWorkers(services: { mailer: Mailer; deps: () => Deps }): JobWorker[] {
  return [
    worker({
      spec: sendMailJobDef,
      handle: ({ to, subject, text }) => services.mailer.send({ to, subject, text }),
    }),
    worker({ spec: chatbotJobDef, concurrency: 8, handle: (job) => runChatbot(services.deps(), job) }),
    worker({
      spec: expireTicketsJobDef,
      concurrency: 1,
      handle: async (_payload, { log }) => {
        const closed = await expireTickets(services.deps());
        if (closed > 0) log.info({ closed }, 'tickets expired');
      },
    }),
    worker({
      spec: transferTicketsJobDef,
      concurrency: 1,
      handle: async (_payload, { log }) => {
        const moved = await transferWaitingTickets(services.deps());
        if (moved > 0) log.info({ moved }, 'waiting tickets transferred');
      },
    }),
    worker({
      spec: pruneRateEventsJobDef,
      concurrency: 1,
      handle: async (_payload, { log }) => {
        const pruned = await pruneRateEvents(services.deps().pools.platformDb);
        if (pruned > 0) log.info({ pruned }, 'old rate-limit rows pruned');
      },
    }),
  ];
}
