import { and, eq } from 'drizzle-orm';
import type { Company, CompanyUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { companies, settings } from '../../db/schema/index.js';
import { invalid, isForeignKeyViolation, notFound } from '../../platform/errors.js';
import { loadCompanies } from './serialize-company.js';
import { companyActive } from '../../platform/subscription.js';
import { subscriptionEndedEvent } from '../../platform/domain-event.js';
import { issueInvoices } from '../invoices/issue-invoices.js';

/**
 * `PUT /companies/{id}` (super users). `campaignsEnabled` is the company's setting of that name;
 * a password here changes nothing (the company's users change their own).
 */
export async function updateCompany(ctx: Ctx, id: number, input: CompanyUpdateBody) {
  const { password: _ignored, campaignsEnabled, ...fields } = input;
  try {
    return await ctx.platform(async (tx, events) => {
      const [row] = await tx
        .update(companies)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning({
          id: companies.id,
          status: companies.status,
          dueDate: companies.dueDate,
          timezone: companies.timezone,
        });
      if (!row) throw notFound('company');
      // A date moved into the past (or the company switched off) closes its users' sockets now.
      if (!companyActive(row)) events.push(subscriptionEndedEvent(id));
      if (campaignsEnabled !== undefined) {
        await tx
          .update(settings)
          .set({ value: campaignsEnabled ? 'enabled' : 'disabled', updatedAt: new Date() })
          .where(and(eq(settings.companyId, id), eq(settings.key, 'campaignsEnabled')));
      }
      // A new plan or due date: its invoice now, not at the daily job's next run.
      await issueInvoices(tx, id);
      return (await loadCompanies(tx, id, ctx.actor))[0]!;
    });
  } catch (err) {
    // The only foreign key a company update can break is its plan's.
    if (isForeignKeyViolation(err)) throw invalid({ planId: 'notFound' }, 'Unknown plan');
    throw err;
  }
}

wireMatches<Answer<typeof updateCompany>, Company>(true);
