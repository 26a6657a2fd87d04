import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { Deps } from '../platform/context.js';
import type { JobSpec } from '../platform/jobs.js';
import { claimWaitingJob } from '../platform/pg-boss-internals.js';

/**
 * How a stored customer message reaches the chatbot (chatbot-jobs.ts) or a flow
 * (flows/flow-jobs.ts). Its job is queued in the transaction that stores the message (it exists
 * exactly when the message does), then the storing process runs it at once, claiming it: the
 * run's transaction deletes the job row (`claimMessageJob`), so the run's writes and the job's
 * consumption commit together. The row waits `SAFETY_NET_SECONDS` before a worker may fetch it:
 * that is the retry when the process died or the run failed.
 */
export const SAFETY_NET_SECONDS = 10;

/** The payload of a message's job. */
export const messageJobSchema = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int(),
  messageId: z.number().int(),
});

/**
 * SQL: deletes the still-waiting job `jobId` of `spec` — the run that commits this consumes the
 * job. No row: a worker already took it (the safety net fired), and the run is that worker's.
 */
export const claimMessageJob = (spec: JobSpec, jobId: string | Placeholder): SQL => claimWaitingJob(spec.name, jobId);

/** Queues the `spec` job of each message, in the storing transaction. Answers their ids by message. */
export async function queueMessageJobs(
  deps: Deps,
  tx: Tx,
  spec: JobSpec<typeof messageJobSchema>,
  companyId: number,
  list: { messageId: number; ticketId: number }[],
): Promise<Map<number, string>> {
  const ids = new Map(list.map((m) => [m.messageId, randomUUID()]));
  await deps.jobs.insertWithin(
    tx,
    spec,
    list.map((m) => ({
      id: ids.get(m.messageId)!,
      payload: { companyId, ticketId: m.ticketId, messageId: m.messageId },
      singletonKey: `message:${m.messageId}`,
      startAfterSeconds: SAFETY_NET_SECONDS,
    })),
  );
  return ids;
}
