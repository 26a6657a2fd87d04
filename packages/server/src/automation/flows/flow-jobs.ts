import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { defineJob } from '../../platform/jobs.js';

/**
 * How a stored customer message reaches a flow, as the chatbot's does (chatbot-jobs.ts): its job
 * is queued in the transaction that stores the message, the storing process runs it right after
 * the commit, claiming it (the flow's transaction deletes the row, so the step and the job's
 * consumption commit together), and a worker fetches it only after `FLOW_SAFETY_NET_SECONDS`:
 * the retry when the process died before the step committed.
 */
export const FLOW_SAFETY_NET_SECONDS = 10;

/** The flow's turn on one stored customer message: start a flow, or answer the run's menu or question. */
export const flowTurnJobDef = defineJob({
  name: 'flow-turn',
  version: 1,
  schema: z.object({ companyId: z.number().int().positive(), ticketId: z.number().int(), messageId: z.number().int() }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type FlowTurnJob = z.infer<typeof flowTurnJobDef.schema>;

/** SQL: deletes the still-waiting job `jobId`; no row: a worker took it and the turn is the worker's. */
export const claimFlowJob = (jobId: string): SQL =>
  sql`delete from pgboss.job where name = ${flowTurnJobDef.name} and id = ${jobId} and state = 'created' returning id`;

/** Queues the flow's job of each message, in the storing transaction. Answers their ids by message. */
export async function queueFlowJobs(
  deps: Deps,
  tx: Tx,
  companyId: number,
  list: { messageId: number; ticketId: number }[],
): Promise<Map<number, string>> {
  const ids = new Map(list.map((m) => [m.messageId, randomUUID()]));
  await deps.jobs.insertWithin(
    tx,
    flowTurnJobDef,
    list.map((m) => ({
      id: ids.get(m.messageId)!,
      payload: { companyId, ticketId: m.ticketId, messageId: m.messageId },
      singletonKey: `message:${m.messageId}`,
      startAfterSeconds: FLOW_SAFETY_NET_SECONDS,
    })),
  );
  return ids;
}
