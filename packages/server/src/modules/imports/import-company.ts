import { and, eq } from 'drizzle-orm';
import { RECURRENCES, SETTING_DEFAULTS, SETTING_VALUES, type ImportCounts, type SettingKey } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { companies, plans, settings } from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import { setUpCompany } from '../companies/set-up-company.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import type { ImportRun } from './import-run.js';
import { bool, day, int, oneOf, str, weekOf } from './source-values.js';

/** A name not yet taken by a plan: the source's, else with " (Atendechat)", then a number. */
async function freePlanName(tx: Tx, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : n === 2 ? `${name} (Atendechat)` : `${name} (Atendechat ${n - 1})`;
    const [taken] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, candidate)).limit(1);
    if (!taken) return candidate;
  }
}

/** The company's plan: imported once per source plan; a name clash gets a suffix (reported). */
async function importPlan(run: ImportRun, source: AtendechatSource, c: SourceRow, counts: ImportCounts, tx: Tx) {
  const planId = int(c.planId);
  const known = planId === null ? undefined : (await run.mapped('plans', [planId])).get(String(planId));
  if (known !== undefined) return known;
  const [row] = planId === null ? [] : await source.all(`select * from "Plans" where id = $1`, [planId]);
  const name = str(row?.name, 'Atendechat').trim().slice(0, 50) || 'Atendechat';
  const free = await freePlanName(tx, name);
  if (free !== name) run.problem(int(c.id), 'plans', planId, `name "${name}" in use: imported as "${free}"`);
  const [plan] = await tx
    .insert(plans)
    .values({
      name: free,
      users: int(row?.users) ?? 0,
      connections: int(row?.connections) ?? 0,
      queues: int(row?.queues) ?? 0,
      value: Number(row?.value ?? 0) || 0,
      useCampaigns: row?.useCampaigns == null ? true : bool(row.useCampaigns),
      useKanban: row?.useKanban == null ? true : bool(row.useKanban),
      useOpenAi: row?.useOpenAi == null ? true : bool(row.useOpenAi),
      useIntegrations: row?.useIntegrations == null ? true : bool(row.useIntegrations),
      useSchedules: row?.useSchedules == null ? true : bool(row.useSchedules),
      useInternalChat: row?.useInternalChat == null ? true : bool(row.useInternalChat),
      useExternalApi: row?.useExternalApi == null ? true : bool(row.useExternalApi),
    })
    .returning({ id: plans.id });
  await run.remember(tx, 'plans', null, [[planId ?? `company-${str(c.id)}`, plan!.id]]);
  run.count(counts, 'plans');
  return plan!.id;
}

/** The source company's settings Balcão also has, with a value it takes; the others, named. */
async function sourceSettings(source: AtendechatSource, sourceId: number) {
  if (!source.has('Settings')) return { known: [], skipped: [] };
  const rows = await source.all(`select key, value from "Settings" where "companyId" = $1`, [sourceId]);
  const allowed = (key: string, value: string) =>
    Object.hasOwn(SETTING_DEFAULTS, key) && (SETTING_VALUES[key as SettingKey]?.includes(value) ?? true);
  return {
    known: rows.filter((r) => allowed(str(r.key), str(r.value))).map((r) => ({ key: str(r.key), value: str(r.value) })),
    skipped: rows.filter((r) => !allowed(str(r.key), str(r.value))).map((r) => `${str(r.key)}=${str(r.value)}`),
  };
}

async function importSettings(
  run: ImportRun,
  source: AtendechatSource,
  sourceId: number,
  companyId: number,
  counts: ImportCounts,
  tx: Tx,
) {
  const { known, skipped } = await sourceSettings(source, sourceId);
  for (const r of known) {
    await tx
      .update(settings)
      .set({ value: r.value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, r.key)));
  }
  run.count(counts, 'settings', known.length);
  if (skipped.length)
    run.problem(sourceId, 'settings', null, `not in Balcão (or not a value it takes), skipped: ${skipped.join(', ')}`);
}

/**
 * The company itself, with its plan and settings, in one transaction (a rerun finds it by its
 * mapping). A dry run only counts. Answers the Balcão company id (null in a dry run).
 */
export async function importCompany(
  run: ImportRun,
  source: AtendechatSource,
  c: SourceRow,
  counts: ImportCounts,
): Promise<number | null> {
  const sourceId = Number(c.id);
  const known = (await run.mapped('companies', [sourceId])).get(String(sourceId));
  if (known !== undefined) return known;
  const name = str(c.name).trim();
  if (!name) throw new Error('the company has no name');
  run.count(counts, 'companies');
  if (run.dryRun) {
    const plan = str(c.planId);
    if (c.planId != null && !run.plansCounted.has(plan) && (await run.mapped('plans', [plan])).size === 0) {
      run.plansCounted.add(plan);
      run.count(counts, 'plans');
    }
    run.count(counts, 'settings', (await sourceSettings(source, sourceId)).known.length);
    return null;
  }
  return runPlatform(run.deps, async (tx) => {
    const planId = await importPlan(run, source, c, counts, tx);
    const { company } = await setUpCompany(tx, {
      name: name.slice(0, 100),
      email: str(c.email).trim(),
      phone: str(c.phone).trim(),
      planId,
      status: c.status == null ? true : bool(c.status),
      dueDate: day(c.dueDate),
      recurrence: oneOf(c.recurrence, RECURRENCES),
    });
    const week = weekOf(c.schedules);
    if (week) await tx.update(companies).set({ schedules: week }).where(eq(companies.id, company.id));
    await importSettings(run, source, sourceId, company.id, counts, tx);
    await run.remember(tx, 'companies', company.id, [[sourceId, company.id]]);
    return company.id;
  });
}
