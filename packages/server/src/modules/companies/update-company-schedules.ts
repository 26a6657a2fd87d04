import { eq } from 'drizzle-orm';
import { can, type SchedulesBody, type CompanySchedules } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';

/**
 * `PUT /companies/{id}/schedules`: the company's business hours. An operator (super user,
 * `companies:manage`) sets any company's; an admin (`settings:manage`) their own; another
 * company answers 404.
 */
export async function updateCompanySchedules(ctx: Ctx, id: number, input: SchedulesBody) {
  const { actor } = ctx;
  const own = actor.companyId === id;
  const operator = can(actor, 'companies:manage');
  if (!operator && !own) throw notFound('company');
  if (!operator && !can(actor, 'settings:manage')) throw noPermission();
  const save = (tx: Tx) =>
    tx
      .update(companies)
      .set({ schedules: input.schedules, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning({ id: companies.id, schedules: companies.schedules });
  const [row] = await (own ? ctx.tenant(save) : ctx.platform(save));
  if (!row) throw notFound('company');
  return row;
}

wireMatches<Answer<typeof updateCompanySchedules>, CompanySchedules>(true);
