import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Recurrence, ScheduleDay } from '@balcao/contracts';
import { plans } from './plans.js';

/** A tenant. Row-level security lets a tenant read only its own row (id = current company). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: boolean('status').notNull().default(true),
    /** The last day the subscription runs: a calendar day (`YYYY-MM-DD`) in the company's time zone. */
    dueDate: date('due_date', { mode: 'string' }),
    trialExpiration: timestamp('trial_expiration', { withTimezone: true }),
    recurrence: text('recurrence').$type<Recurrence>().notNull().default('MENSAL'),
    schedules: jsonb('schedules').$type<ScheduleDay[]>().notNull().default([]),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    /** When an admin closed the first-day checklist (null: it still shows). */
    onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_plan_id_idx').on(t.planId)],
);

/** Company settings: string values, one row per key (defaults filled at signup). */
export const settings = pgTable(
  'settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);
