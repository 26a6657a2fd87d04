import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  IMPORT_COUNTS,
  type ImportCount,
  type ImportCounts,
  type ImportProblem,
  type ImportReport,
  type ImportView,
} from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { importMappings, imports } from '../../db/schema/index.js';
import { runPlatform, type Deps } from '../../platform/context.js';
import { domainEvent } from '../../platform/domain-event.js';

/** The source company's id and, outside a dry run, the Balcão company it became. */
export interface CompanyIds {
  source: number;
  target: number | null;
}

/** At most this many problems are kept; past it only their number grows (the last entry says so). */
const MAX_PROBLEMS = 1000;
const PROGRESS_EVERY_MS = 1000;

export const emptyCounts = (): ImportCounts => Object.fromEntries(IMPORT_COUNTS.map((k) => [k, 0])) as ImportCounts;

export interface RunOptions {
  id: string;
  source: string;
  dryRun: boolean;
  mediaDir?: string;
  /** The operator's company (their socket's room), when started over HTTP. */
  operatorCompanyId?: number;
  onProgress?: (view: ImportView) => void;
}

/**
 * One import as it runs: its counts and problems (saved on the `imports` row as it goes, told to
 * the operator), and the source ids already imported (`import_mappings`): a rerun skips them.
 */
export class ImportRun {
  readonly report: ImportReport = { ...emptyCounts(), perCompany: [] };
  readonly errors: ImportProblem[] = [];
  /** A dry run's source plans counted already (companies share plans). */
  readonly plansCounted = new Set<string>();
  private left = 0;
  private lastSaved = 0;
  private readonly startedAt = new Date();

  constructor(
    readonly deps: Deps,
    readonly opts: RunOptions,
  ) {}

  get dryRun() {
    return this.opts.dryRun;
  }

  count(company: ImportCounts, what: ImportCount, n = 1) {
    company[what] += n;
    this.report[what] += n;
  }

  problem(companyId: number | null, entity: string, sourceId: unknown, reason: string) {
    if (this.errors.length < MAX_PROBLEMS) {
      this.errors.push({ companyId, entity, sourceId: sourceId == null ? null : String(sourceId), reason });
    } else this.left++;
  }

  /** The targets of source ids already imported from this source. */
  async mapped(entity: string, sourceIds: readonly unknown[]): Promise<Map<string, number>> {
    const ids = [...new Set(sourceIds.filter((v) => v != null).map(String))];
    if (ids.length === 0) return new Map();
    return this.mappings(entity, sql`${importMappings.sourceId} = any(${sql.param(ids)}::text[])`);
  }

  /** Every mapping of one entity inside a company (small entities: users, queues, tags …). */
  async mappedIn(entity: string, companyId: number): Promise<Map<string, number>> {
    return this.mappings(entity, eq(importMappings.companyId, companyId));
  }

  /** This source's mappings of `entity` that also match `which`: source id → target id. */
  private async mappings(entity: string, which: SQL): Promise<Map<string, number>> {
    const rows = await runPlatform(this.deps, (tx) =>
      tx
        .select({ sourceId: importMappings.sourceId, targetId: importMappings.targetId })
        .from(importMappings)
        .where(and(eq(importMappings.source, this.opts.source), eq(importMappings.entity, entity), which)),
    );
    return new Map(rows.map((r) => [r.sourceId, r.targetId]));
  }

  /** Remembers what source rows became, in the transaction that wrote them (arrays: few parameters). */
  async remember(tx: Tx, entity: string, companyId: number | null, pairs: [unknown, number][]) {
    if (pairs.length === 0) return;
    await tx.execute(sql`
      insert into import_mappings (source, entity, source_id, target_id, company_id)
      select ${this.opts.source}, ${entity}, v.source_id, v.target_id, ${companyId}::int
        from unnest(${sql.param(pairs.map((p) => String(p[0])))}::text[], ${sql.param(pairs.map((p) => p[1]))}::bigint[])
          as v(source_id, target_id)
      on conflict do nothing`);
  }

  /**
   * Writes one source row (`fn` answers its new id) with its mapping, in one transaction; a row
   * the product refuses (a unique name, an email in use …) becomes a problem and the import goes on.
   */
  async one(
    entity: string,
    sourceCompanyId: number,
    companyId: number,
    sourceId: unknown,
    fn: (tx: Tx) => Promise<number>,
  ): Promise<number | null> {
    try {
      return await runPlatform(this.deps, async (tx) => {
        const id = await fn(tx);
        await this.remember(tx, entity, companyId, [[sourceId, id]]);
        return id;
      });
    } catch (err) {
      this.problem(sourceCompanyId, entity, sourceId, refusal(err));
      return null;
    }
  }

  view(status: ImportView['status']): ImportView {
    const errors =
      this.left > 0
        ? [
            ...this.errors,
            { companyId: null, entity: 'import', sourceId: null, reason: `${this.left} more problems not listed` },
          ]
        : this.errors;
    return {
      id: this.opts.id,
      kind: 'atendechat',
      status,
      dryRun: this.dryRun,
      report: this.report,
      errors,
      startedAt: this.startedAt.toISOString(),
      finishedAt: status === 'running' ? null : new Date().toISOString(),
    };
  }

  /** Saves and tells the progress, at most once a second unless `force`. */
  async progress(status: ImportView['status'] = 'running', force = false) {
    const now = Date.now();
    if (!force && now - this.lastSaved < PROGRESS_EVERY_MS) return;
    this.lastSaved = now;
    const view = this.view(status);
    await runPlatform(this.deps, async (tx, events) => {
      await tx
        .update(imports)
        .set({
          status,
          report: view.report,
          errors: view.errors,
          finishedAt: view.finishedAt ? sql`now()` : null,
        })
        .where(eq(imports.id, this.opts.id));
      if (this.opts.operatorCompanyId !== undefined) {
        events.push(
          domainEvent(
            this.opts.operatorCompanyId,
            'import',
            { action: status === 'running' ? 'progress' : 'done', import: view },
            { to: 'super' },
          ),
        );
      }
    });
    this.opts.onProgress?.(view);
  }
}

/** Why the database refused a row, in a line (a constraint's name says which rule). */
export function refusal(err: unknown): string {
  const e = err as { message?: string; constraint?: string; cause?: { message?: string; constraint?: string } };
  const c = e.constraint ?? e.cause?.constraint;
  const m = e.cause?.message ?? e.message ?? String(err);
  return c ? `${c}: ${m}` : m;
}
