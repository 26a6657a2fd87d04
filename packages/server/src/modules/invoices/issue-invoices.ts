import { sql } from 'drizzle-orm';
import { INVOICE_LEAD_DAYS } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';

/**
 * The one rule for issuing invoices, set-based over companies: a company whose due date is
 * INVOICE_LEAD_DAYS days away or less in its own time zone (or already past), or that has no open
 * invoice at all, gets an invoice for that due day worth its plan's value, unless one exists: a
 * company with a priced plan always has one to pay. Called at signup, when the operator changes a
 * company (plan, due date), when an expired company's login is refused, and by the daily job. The unique (company, due date) makes it
 * idempotent: run it twice, or in two processes at once, and each due date still has one invoice. Left out: companies switched off, free plans (value 0) and the
 * platform's own company (the one with super users).
 *
 * Runs on the platform path, in the caller's transaction; `companyId` narrows it to one company
 * (signup), otherwise every company (the daily job). Answers the invoices issued now.
 */
export async function issueInvoices(tx: Tx, companyId?: number): Promise<{ id: number; companyId: number }[]> {
  const only = companyId === undefined ? sql`` : sql`and c.id = ${companyId}`;
  const { rows } = await tx.execute<{ id: number; company_id: number }>(sql`
    insert into invoices (company_id, detail, value, due_date)
    select c.id, p.name, p.value, c.due_date
    from companies c
    join plans p on p.id = c.plan_id
    where c.status
      and c.due_date is not null
      and (c.due_date <= ((now() at time zone c.timezone) + make_interval(days => ${INVOICE_LEAD_DAYS}))::date
           or not exists (select 1 from invoices o where o.company_id = c.id and o.status = 'open'))
      and p.value > 0
      and not exists (select 1 from users u where u.company_id = c.id and u.super)
      ${only}
    on conflict (company_id, due_date) do nothing
    returning id, company_id`);
  return rows.map((r) => ({ id: Number(r.id), companyId: Number(r.company_id) }));
}

/** The daily job's pass: every company's next invoice (see `issueInvoices`). */
export function issueDueInvoices(deps: Deps) {
  return runPlatform(deps, (tx) => issueInvoices(tx));
}
