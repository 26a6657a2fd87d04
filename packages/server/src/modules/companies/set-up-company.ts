import { eq } from 'drizzle-orm';
import { TRIAL_DAYS, defaultQueueSchedules, type Recurrence } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { companies, plans, settings, users } from '../../db/schema/index.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { DEFAULT_TIME_ZONE, dayIn } from '../../platform/wall-clock.js';
import { defaultSettings } from './defaults.js';

export interface NewCompany {
  name: string;
  email: string;
  phone?: string;
  planId: number;
  status?: boolean;
  /** A calendar day (`YYYY-MM-DD`); left out, the trial's last day. */
  dueDate?: string | null;
  recurrence?: Recurrence;
  campaignsEnabled?: boolean;
  /** When given, the company's first admin is created with the company's email. */
  admin?: { name: string; password: string; super?: boolean };
}

/**
 * Sets up a company with everything it needs to work: settings with their defaults, the
 * seven-day schedule and (optionally) its first admin. Runs on the platform path, in the
 * caller's transaction (signup, an operator's creation, the first start's seed).
 */
export async function setUpCompany(tx: Tx, input: NewCompany) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId));
  if (!plan) throw invalid({ planId: 'notFound' }, 'Unknown plan');
  const trialEnd = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? '',
      planId: input.planId,
      status: input.status ?? true,
      // The trial ends at an instant; the due date is that instant's day in the new company's zone
      // (the column's default, DEFAULT_TIME_ZONE).
      dueDate: input.dueDate === undefined ? dayIn(trialEnd, DEFAULT_TIME_ZONE) : input.dueDate,
      trialExpiration: trialEnd,
      recurrence: input.recurrence ?? 'MENSAL',
      // A company's week starts as a queue's does: Mon–Fri 08–18, Sat 08–12, Sun closed.
      schedules: defaultQueueSchedules(),
    })
    .returning();
  const rows = defaultSettings(company!.id);
  if (input.campaignsEnabled === false) rows.find((r) => r.key === 'campaignsEnabled')!.value = 'disabled';
  await tx.insert(settings).values(rows);
  let admin: typeof users.$inferSelect | undefined;
  if (input.admin) {
    try {
      [admin] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          name: input.admin.name,
          email: input.email,
          passwordHash: await hashPassword(input.admin.password),
          profile: 'admin',
          super: input.admin.super ?? false,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw invalid({ email: 'duplicated' }, 'This email is in use');
      throw err;
    }
  }
  return { company: company!, admin };
}
