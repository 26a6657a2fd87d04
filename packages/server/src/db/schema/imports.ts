import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportProblem, ImportReport } from '@balcao/contracts';

/**
 * An operator's import of another product's database (platform data: the tenant role has no
 * grant on it). `report` and `errors` grow as it runs; `GET /imports/{id}` reads them.
 */
export const imports = pgTable('imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<'atendechat'>().notNull(),
  /** The source's identity (`sourceKey`): host, port, database — never its password. */
  source: text('source').notNull(),
  dryRun: boolean('dry_run').notNull(),
  status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  report: jsonb('report').$type<ImportReport>().notNull(),
  errors: jsonb('errors').$type<ImportProblem[]>().notNull().default([]),
  startedBy: integer('started_by'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Which row of Balcão a source row became, per source: a rerun finds what it already imported
 * and adds nothing (and an interrupted one resumes where its last batch committed).
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    source: text('source').notNull(),
    entity: text('entity').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    companyId: integer('company_id'),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.entity, t.sourceId] }),
    index('import_mappings_target_idx').on(t.entity, t.targetId),
  ],
);
