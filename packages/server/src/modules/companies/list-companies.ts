import { asc, ilike, or } from 'drizzle-orm';
import type { Company, CompanyPage, PageQuery } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { companies } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { loadCompanies } from './serialize-company.js';

/** `GET /companies/list` (super users): every company. */
export function allCompanies(ctx: Ctx) {
  return ctx.platform((tx) => loadCompanies(tx, undefined, ctx.actor));
}

/** `GET /companies` (super users): a page of companies, searched by name or email. */
export async function listCompanies(ctx: Ctx, { searchParam, pageNumber }: PageQuery) {
  const ids = await ctx.platform((tx) =>
    tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        searchParam
          ? or(ilike(companies.name, likePattern(searchParam)), ilike(companies.email, likePattern(searchParam)))
          : undefined,
      )
      .orderBy(asc(companies.id))
      .limit(PAGE_SIZE + 1)
      .offset((pageNumber - 1) * PAGE_SIZE),
  );
  const { records, hasMore } = page(ids);
  const list = await ctx.platform((tx) =>
    loadCompanies(
      tx,
      records.map((r) => r.id),
      ctx.actor,
    ),
  );
  return { companies: list, hasMore };
}

wireMatches<Answer<typeof allCompanies>, Company[]>(true);
wireMatches<Answer<typeof listCompanies>, CompanyPage>(true);
