import { can, type Company, type Plan } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { loadCompanies } from './serialize-company.js';

/** Operators (`companies:manage`) read any company; everyone else only their own (RLS answers the rest: 404). */
const readScope = <T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>) =>
  can(ctx.actor, 'companies:manage') ? ctx.platform(fn) : ctx.tenant(fn);

/** `GET /companies/{id}`: the company with its plan and settings. */
export async function getCompany(ctx: Ctx, id: number) {
  const [company] = await readScope(ctx, (tx) => loadCompanies(tx, id, ctx.actor));
  if (!company) throw notFound('company');
  return company;
}

/** `GET /companies/listPlan/{id}`: the company's plan, read as the company is. */
export async function getCompanyPlan(ctx: Ctx, id: number) {
  return (await getCompany(ctx, id)).plan;
}

wireMatches<Answer<typeof getCompany>, Company>(true);
wireMatches<Answer<typeof getCompanyPlan>, Plan>(true);
