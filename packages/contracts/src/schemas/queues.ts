import { z } from 'zod';
import { WEEKDAYS } from '../constants.js';
import { editOf, name2to50, numeric, ref, text } from './common.js';
import { schedulesBody, type ScheduleDay } from './companies.js';

const message = text().max(4096, 'tooLong');

/**
 * A queue's week when none is given (automation §3): Monday to Friday 08:00–18:00, Saturday
 * 08:00–12:00, Sunday 00:00–00:00 (closed). A new company's week and the web's hours tab start
 * from it too.
 */
export function defaultQueueSchedules(): ScheduleDay[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    if (weekdayEn === 'saturday') return { weekday, weekdayEn, startTime: '08:00', endTime: '12:00' };
    if (weekdayEn === 'sunday') return { weekday, weekdayEn, startTime: '00:00', endTime: '00:00' };
    return { weekday, weekdayEn, startTime: '08:00', endTime: '18:00' };
  });
}

/** Colours are compared as typed apart from case: "#FF0000" and "#ff0000" are one colour. */
export const queueColor = text().trim().toLowerCase().min(3, 'tooShort').max(9, 'tooLong');

/** A form's empty field ("" from an input, or the select's "Nenhum") means none. */
const noneWhenBlank = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? null : v), inner.nullable());

/** Position in the list of queues. */
const orderQueue = noneWhenBlank(numeric(z.number().int().min(0).max(2_147_483_647)));

/** POST /queue. The queue's users are set from the users side, never here. */
export const queueBody = z.object({
  name: name2to50,
  color: queueColor,
  orderQueue: orderQueue.default(null),
  /** Required by the server once the company has more than one queue (ERR_WAPP_GREETING_REQUIRED). */
  greetingMessage: message.default(''),
  outOfHoursMessage: message.default(''),
  /** The whole week, each weekday once. */
  schedules: schedulesBody.shape.schedules.default(defaultQueueSchedules),
  integrationId: noneWhenBlank(ref('queueIntegrations')).default(null),
  promptId: noneWhenBlank(ref('prompts')).default(null),
  /** Issue 36: a ticket entering the queue without a user goes to its least busy online member. */
  autoAssign: z.boolean().default(false),
});
export type QueueBody = z.infer<typeof queueBody>;

export const queueUpdateBody = editOf(queueBody);
export type QueueUpdateBody = z.infer<typeof queueUpdateBody>;

/** A parent option: null, absent or -1 (as the spec's web sends it) is the top level. */
const parentId = z.preprocess(
  (v) => (v === undefined || v === -1 || v === '-1' ? null : v),
  ref('queueOptions').nullable(),
);

/** An option's number as the customer types it: "1", "2" … (a JSON number is taken as its text). */
export const optionNumber = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string()
    .max(10)
    .trim()
    .regex(/^[1-9]\d{0,2}$/, 'invalidOption'),
);

const optionTitle = text().trim().min(1, 'required').max(100, 'tooLong');

/** POST /queue-options. Without `option`, the next number among its siblings. */
export const queueOptionBody = z.object({
  queueId: ref('queues'),
  parentId,
  title: optionTitle,
  message: message.default(''),
  option: optionNumber.optional(),
});
export type QueueOptionBody = z.infer<typeof queueOptionBody>;

/** PUT /queue-options/{id}: an option stays in its queue and under its parent. */
export const queueOptionUpdateBody = z.object({
  title: optionTitle.optional(),
  message: message.optional(),
  option: optionNumber.optional(),
});
export type QueueOptionUpdateBody = z.infer<typeof queueOptionUpdateBody>;

/** GET /queue-options?queueId=&parentId= (parentId -1 or absent: the top level). */
export const queueOptionListQuery = z.object({ queueId: ref('queues'), parentId });
export type QueueOptionListQuery = z.infer<typeof queueOptionListQuery>;

/** A queue as `GET /queue`, `GET /queue/{id}` and the `queue` event show it (automation §3). */
export interface Queue {
  id: number;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleDay[];
  integrationId: number | null;
  promptId: number | null;
  /** Issue 36 (additive; always sent once the server has it). */
  autoAssign?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A chatbot option; `option` is its 1-based position among its siblings ("1", "2" …). */
export interface QueueOption {
  id: number;
  queueId: number;
  /** null: the top level of its queue. */
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /queue-options`: the options under a parent, each with its subtree. */
export interface QueueOptionNode extends QueueOption {
  children: QueueOptionNode[];
}
