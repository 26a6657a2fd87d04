/**
 * The queue modal's values and their mapping to the API body. Numbers and ids are typed as
 * text; the body is validated with the queue schema, so the rules are the server's.
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { defaultQueueSchedules, type Queue, queueBody, type ScheduleDay } from '@balcao/contracts';
import { withRequired } from '../../lib/forms';
import { freshColor } from './freshColor';

export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: string;
  integrationId: string;
  promptId: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleDay[];
  autoAssign: boolean;
}

/** Default weekly hours (automation §3), as the server fills them in. */
export const DEFAULT_SCHEDULES: ScheduleDay[] = defaultQueueSchedules();

/** A new queue's values: its colour one no other queue of the company has (`used`). */
export const newQueue = (used: readonly string[]): QueueFormValues => ({
  name: '',
  color: freshColor(used),
  orderQueue: '',
  integrationId: '',
  promptId: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: DEFAULT_SCHEDULES,
  autoAssign: false,
});

/** A queue's stored hours in weekday order; a missing day gets the default. */
function toRows(stored: ScheduleDay[] | undefined): ScheduleDay[] {
  if (!stored?.length) return DEFAULT_SCHEDULES;
  return DEFAULT_SCHEDULES.map((d) => {
    const row = stored.find((s) => s.weekdayEn === d.weekdayEn);
    return row ? { ...d, startTime: row.startTime ?? '', endTime: row.endTime ?? '' } : d;
  });
}

const idText = (v: number | null | undefined) => (v == null ? '' : String(v));

export function fromQueue(q: Queue): QueueFormValues {
  return {
    name: q.name,
    color: q.color,
    orderQueue: idText(q.orderQueue),
    integrationId: idText(q.integrationId),
    promptId: idText(q.promptId),
    greetingMessage: q.greetingMessage ?? '',
    outOfHoursMessage: q.outOfHoursMessage ?? '',
    schedules: toRows(q.schedules),
    autoAssign: q.autoAssign ?? false,
  };
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** The API body (automation §7: the form fields plus schedules and promptId, or null). */
export function toBody(v: QueueFormValues): Record<string, unknown> {
  return {
    name: v.name,
    color: v.color,
    orderQueue: numberOrNull(v.orderQueue),
    integrationId: numberOrNull(v.integrationId),
    promptId: numberOrNull(v.promptId),
    greetingMessage: v.greetingMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    schedules: v.schedules,
    autoAssign: v.autoAssign,
  };
}

const inner = withRequired(zodResolver(queueBody)) as unknown as Resolver<Record<string, unknown>>;

/** Validates the mapped body; errors land under the form's fields (same names). */
export const queueResolver: Resolver<QueueFormValues> = async (values, context, options) => {
  const result = await inner(toBody(values), context, options as never);
  const errors = result.errors as Record<string, FieldError>;
  return Object.keys(errors).length > 0 ? { values: {}, errors: result.errors } : { values, errors: {} };
};
