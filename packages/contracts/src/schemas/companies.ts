import { z } from 'zod';
import { RECURRENCES, type Recurrence } from '../plans.js';
import type { Plan } from './plans.js';
import type { Setting } from './settings.js';
import { WEEKDAYS } from '../constants.js';
import { editOf, email, hhmm, name2to50, orDefault, password5to50, ref, strongPassword, text } from './common.js';
import { calendarDay } from './calendar-day.js';

/** POST /companies/cadastro — public signup (foundation §5). */
export const signupBody = z.object({
  name: name2to50,
  email,
  /** The reset's rule: whoever signs up chooses the admin's password. */
  password: strongPassword,
  planId: ref('plans'),
  /** Checked as a real number by the server (its phone metadata stays out of the contracts). */
  phone: text().trim().max(30).optional(),
  companyId: ref('companies').optional(),
  /** The person signing up, the company's first admin; optional: the spec's clients send none. */
  userName: name2to50.optional(),
});
export type SignupBody = z.infer<typeof signupBody>;
/** The web's signup form asks for the person's name (the admin is not named after the company). */
export const signupFormBody = signupBody.extend({ userName: name2to50 });

/** A blank due date is sent as null (foundation §5); a day otherwise (`calendarDay`). */
const dueDate = z.preprocess((v) => (v === '' || v === undefined ? null : v), calendarDay.nullable());

export const companyBody = z.object({
  name: name2to50,
  email: email.optional().or(z.literal('')),
  phone: text().trim().max(30).optional().default(''),
  planId: ref('plans'),
  status: z.boolean().default(true),
  dueDate: dueDate.optional(),
  /** The company form sends `''` when no recurrence is picked: monthly, or unchanged in an edit. */
  recurrence: orDefault(z.enum(RECURRENCES), 'MENSAL'),
  campaignsEnabled: z.boolean().optional(),
  /** Optional first admin when an operator creates a company. */
  password: password5to50.optional(),
});
export type CompanyBody = z.infer<typeof companyBody>;
export const companyUpdateBody = editOf(companyBody);
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

export const scheduleDay = z
  .object({
    weekday: text().trim().min(1).max(30),
    weekdayEn: z.enum(WEEKDAYS.map((d) => d.weekdayEn) as [string, ...string[]]),
    startTime: hhmm.or(z.literal('')),
    endTime: hhmm.or(z.literal('')),
  })
  .refine((d) => !d.startTime || !d.endTime || d.startTime <= d.endTime, {
    message: 'endBeforeStart',
    path: ['endTime'],
  });
export type ScheduleDay = z.infer<typeof scheduleDay>;

/** A whole week (for readers of the schema: generators cannot hit "each day once" by chance). */
export const WEEK_EXAMPLE: ScheduleDay[] = WEEKDAYS.map(({ weekday, weekdayEn }) => ({
  weekday,
  weekdayEn,
  startTime: '08:00',
  endTime: '18:00',
}));

export const schedulesBody = z.object({
  /** The week: each weekday exactly once. */
  schedules: z
    .array(scheduleDay)
    .length(7, 'sevenDays')
    .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === 7, 'eachWeekdayOnce')
    .meta({ examples: [WEEK_EXAMPLE] }),
});
export type SchedulesBody = z.infer<typeof schedulesBody>;

/** A company as `GET /companies…` and the session show it: with its plan and settings. */
export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  /** The last day the subscription runs, a calendar day (`YYYY-MM-DD`), or null (never due). */
  dueDate: string | null;
  trialExpiration: string | null;
  recurrence: Recurrence;
  schedules: ScheduleDay[];
  /** IANA zone in which the company's schedules and local times are read. */
  timezone: string;
  createdAt: string;
  updatedAt: string;
  plan: Plan;
  /** The settings the viewer may read (the asaas token to super users only). */
  settings: Setting[];
  campaignsEnabled: boolean;
}

/**
 * `GET /companies/listPlan/{companyId}`: the company's plan, its fields at the top as Balcão's
 * readers take them, and again under `plan`, where the spec's client reads its flags
 * (`planConfigs.plan.useKanban`: the company with its plan nested, of which it reads nothing else).
 */
export interface CompanyPlan extends Plan {
  plan: Plan;
}

/** `GET /companies` (super users): a page of companies, by id. */
export interface CompanyPage {
  companies: Company[];
  hasMore: boolean;
}

/** `PUT /companies/{id}/schedules`: the company's week as stored. */
export interface CompanySchedules {
  id: number;
  schedules: ScheduleDay[];
}
