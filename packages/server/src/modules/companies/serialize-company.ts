import { asc, eq, inArray } from 'drizzle-orm';
import type { Company, PermissionSubject } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import { visibleSettings } from '../settings/visible-settings.js';
import { companies, plans } from '../../db/schema/index.js';
import { readCompaniesSettings } from '../settings/read-setting.js';

/** A company as the API shows it: with its plan, settings and campaignsEnabled flag. */
export async function loadCompanies(tx: Tx, only: number | number[] | undefined, viewer: PermissionSubject | null) {
  const ids = only === undefined ? undefined : Array.isArray(only) ? only : [only];
  if (ids?.length === 0) return [];
  const rows = await tx
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(ids && inArray(companies.id, ids))
    .orderBy(asc(companies.id));
  if (rows.length === 0) return [];
  const settingRows = await readCompaniesSettings(tx, ids);
  return rows.map(({ company, plan }) => {
    const own = visibleSettings(
      settingRows.filter((s) => s.companyId === company.id).map(({ key, value }) => ({ key, value })),
      viewer,
    );
    return {
      ...company,
      plan,
      settings: own,
      campaignsEnabled: own.find((s) => s.key === 'campaignsEnabled')?.value !== 'disabled',
    };
  });
}
export type CompanyView = Awaited<ReturnType<typeof loadCompanies>>[number];

wireMatches<CompanyView, Company>(true);
