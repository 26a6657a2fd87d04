import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { runStatement, statement, type Statement } from '../db/prepared.js';

/**
 * Every reach past pg-boss's public API (written against pg-boss ^10.4.2, schema `pgboss`): its
 * statements as it hands them to `db.executeSql`, and its job table, which the tenant role
 * writes and claims from directly. pg-boss-internals.integration-test.ts pins each assumption,
 * so an upgrade that changes one fails there by name.
 */

/** Named texts of pg-boss's at most (it has a few dozen). */
const MAX_BOSS_NAMES = 256;
const bossStatements = new Map<string, string>();

/**
 * pg-boss's statements with parameters run as named statements, one name per text: its workers
 * poll every half second per queue, and parsing and planning its fetch cost PostgreSQL more than
 * running it (0.55 of 0.57 ms). Statements without parameters (its schema's DDL, maintenance)
 * run unnamed.
 */
export function namedStatement(text: string, values: unknown[] | undefined): pg.QueryConfig {
  if (!values?.length) return { text, values };
  let name = bossStatements.get(text);
  if (name === undefined && bossStatements.size < MAX_BOSS_NAMES)
    bossStatements.set(text, (name = `boss_${bossStatements.size + 1}`));
  return { text, values, name };
}

/** pg-boss's `db` option over the owner's pool: its statements named. */
export const namedBossDb = (owner: pg.Pool): PgBoss.Db => ({
  executeSql: (text, values) => owner.query(namedStatement(text, values)),
});

const bossTexts = new Map<string, Statement>();

/**
 * pg-boss's own statement (`$1`…) as a `statement` to run in a drizzle transaction, rendered once
 * per text (its insert's text is the same for every message): `$n` is the placeholder `pn`.
 */
function asStatement(text: string): Statement {
  let st = bossTexts.get(text);
  if (st) return st;
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.placeholder(`p${part}`)}`));
  st = statement(sql.join(chunks));
  if (bossTexts.size < 64) bossTexts.set(text, st);
  return st;
}

/** `boss.insert(rows, { db })`'s `db` for the caller's transaction: the insert commits with it. */
export const bossDbIn = (tx: Tx): PgBoss.Db => ({
  executeSql: async (text: string, values: unknown[]) =>
    runStatement(tx, asStatement(text), Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v ?? null]))),
});

/**
 * The tenant role may queue jobs and delete (claim) them by id, only its own company's (the
 * payload's companyId, under row-level security like every tenant table); it reads no payload.
 * pg-boss itself runs as the table's owner, which the policy does not bind.
 */
const TENANT_JOB_GRANTS = `
  grant usage on schema pgboss to balcao_app;
  grant select on pgboss.queue to balcao_app;
  grant insert, delete on pgboss.job to balcao_app;
  grant select (id, name, state) on pgboss.job to balcao_app;
  alter table pgboss.job enable row level security;
  do $$ begin
    create policy tenant_jobs on pgboss.job to balcao_app
      using ((data->>'companyId')::int = app_company_id())
      with check ((data->>'companyId')::int = app_company_id());
  exception when duplicate_object then null;
  end $$;`;

/**
 * Processes starting together would grant at the same time, and PostgreSQL refuses concurrent
 * changes of one catalog row ("tuple concurrently updated"): one at a time, under a lock.
 */
export async function grantTenantJobs(owner: pg.Pool): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('balcao:tenant-job-grants'))`);
    await client.query(TENANT_JOB_GRANTS);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * SQL: deletes the job `jobId` of queue `queue` if it still waits (no worker took it), answering
 * its id — a run that commits this consumes the job. No row: a worker has it.
 *
 * The queue's name (a constant of the code) goes as a literal: pgboss.job is partitioned by name,
 * and with a parameter PostgreSQL planned a prepared claim anew on every run to prune the
 * partitions (1.5 ms); with the literal its generic plan touches the one partition.
 */
export function claimWaitingJob(queue: string, jobId: string | Placeholder): SQL {
  if (!/^[a-z0-9_-]+$/.test(queue)) throw new Error(`unexpected job queue name ${queue}`);
  return sql`delete from pgboss.job where name = ${sql.raw(`'${queue}'`)} and id = ${jobId} and state = 'created' returning id`;
}
