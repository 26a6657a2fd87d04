import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import type { Tx } from '../db/client.js';
import type { Deps } from '../platform/context.js';
import { defineJob } from '../platform/jobs.js';

/**
 * How a stored customer message reaches the chatbot. Its job is queued in the transaction that
 * stores the message (it exists exactly when the message does), then the storing process runs
 * it at once (`runChatbot` with `claim`: the bot's transaction deletes the job row, so it commits
 * its answer and consumes the job together). The row waits `SAFETY_NET_SECONDS` before a worker
 * may fetch it: that is the retry when the process died or the run failed.
 */
export const SAFETY_NET_SECONDS = 10;

/** The chatbot's answer to one stored customer message (handler: automation/jobs.ts). */
export const chatbotJobDef = defineJob({
  name: 'chatbot-reply',
  version: 1,
  schema: z.object({ companyId: z.number().int().positive(), ticketId: z.number().int(), messageId: z.number().int() }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type ChatbotJob = z.infer<typeof chatbotJobDef.schema>;

/**
 * SQL: deletes the still-waiting job `jobId` — the run that commits this consumes the job. No
 * row: a worker already took it (the safety net fired), and the run is that worker's.
 */
export const claimJob = (jobId: string): SQL =>
  sql`delete from pgboss.job where name = ${chatbotJobDef.name} and id = ${jobId} and state = 'created' returning id`;

/**
 * SQL over a tickets row `t`: whether the chatbot can have anything to say — the early returns
 * of `decide` (chatbot-flow.ts) that need no message: a ticket outside any queue on a connection
 * without queues, with no company hours to enforce, gets nothing. Keep the two in step.
 * Reads `scheduleType` inside this statement rather than through `readSetting`
 * (modules/settings/read-setting.ts, the one way to read a setting): it runs per stored message.
 */
export const botMayAct = (t: string): SQL => sql`(
  ${sql.raw(t)}.queue_id is not null
  or exists (select 1 from whatsapp_queues wq where wq.whatsapp_id = ${sql.raw(t)}.whatsapp_id)
  or coalesce((select s.value from settings s where s.key = 'scheduleType'), ${SETTING_DEFAULTS.scheduleType}) = 'company')`;

/** The bot looks only at a customer's message on a ticket nobody attends (and no rating is awaited). */
export function wantsBot(
  msg: { fromMe: boolean; isGroup: boolean },
  ticket: { status: string; userId: number | null; ratingPending: boolean; botMayAct: boolean },
): boolean {
  return (
    !msg.fromMe &&
    !msg.isGroup &&
    ticket.status === 'pending' &&
    ticket.userId === null &&
    !ticket.ratingPending &&
    ticket.botMayAct
  );
}

/** Queues the chatbot's job of each message, in the storing transaction. Answers their ids by message. */
export async function queueChatbotJobs(
  deps: Deps,
  tx: Tx,
  companyId: number,
  list: { messageId: number; ticketId: number }[],
): Promise<Map<number, string>> {
  const ids = new Map(list.map((m) => [m.messageId, randomUUID()]));
  await deps.jobs.insertWithin(
    tx,
    chatbotJobDef,
    list.map((m) => ({
      id: ids.get(m.messageId)!,
      payload: { companyId, ticketId: m.ticketId, messageId: m.messageId },
      singletonKey: `message:${m.messageId}`,
      startAfterSeconds: SAFETY_NET_SECONDS,
    })),
  );
  return ids;
}
