import { can, type Company, type CompanyPlan } from '@balcao/contracts';
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

/**
 * `GET /companies/listPlan/{id}`: the company's plan, read as the company is — flat, and nested
 * under `plan` for the spec's client (contracts' `CompanyPlan`).
 */
export async function getCompanyPlan(ctx: Ctx, id: number) {
  const { plan } = await getCompany(ctx, id);
  return { ...plan, plan };
}

wireMatches<Answer<typeof getCompany>, Company>(true);
wireMatches<Answer<typeof getCompanyPlan>, CompanyPlan>(true);
