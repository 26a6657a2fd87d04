import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import { defineJob } from '../platform/jobs.js';
import { messageJobSchema } from './message-jobs.js';

/**
 * How a stored customer message reaches the chatbot: its job is queued in the transaction that
 * stores the message, then the storing process runs it at once (`runChatbot` with `claim`: the
 * bot's transaction deletes the job row, so it commits its answer and consumes the job together),
 * and a worker fetches it only after the safety net (message-jobs.ts: `queueMessageJobs`,
 * `claimMessageJob`).
 */

/** The chatbot's answer to one stored customer message (handler: automation/jobs.ts). */
export const chatbotJobDef = defineJob({
  name: 'chatbot-reply',
  version: 1,
  schema: messageJobSchema,
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type ChatbotJob = z.infer<typeof chatbotJobDef.schema>;

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
