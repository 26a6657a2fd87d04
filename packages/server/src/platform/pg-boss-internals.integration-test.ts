import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../test/support/factories.js';
import { scoped } from '../../test/support/inbox.js';
import { sendMailJobDef } from './mail.js';
import { bossDbIn, claimWaitingJob, namedBossDb } from './pg-boss-internals.js';

/**
 * The contract of platform/pg-boss-internals.ts with pg-boss (written against ^10.4.2): the
 * statements it hands `db.executeSql`, and its job table, which the tenant role writes and
 * claims from. Each test names the behaviour relied on; an upgrade that changes one fails here.
 */
const V = 'pg-boss ^10.4.2';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t, { planId: (await createPlan(t)).id });
});
afterAll(() => t?.stop());

const owner = () => t.running.deps.pools.owner;
const q = async <R>(text: string, values: unknown[] = []) => (await owner().query(text, values)).rows as R[];

/** A pg-boss over the owner's pool whose statements are recorded as handed to `db.executeSql`. */
function recordingBoss() {
  const calls: Array<{ text: string; values: unknown[] }> = [];
  const named = namedBossDb(owner());
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        calls.push({ text, values });
        return named.executeSql(text, values);
      },
    },
    schema: 'pgboss',
  });
  return { boss, calls };
}

describe(`${V}: the job table`, () => {
  it(`${V}: pgboss.job has the columns the tenant grants, claims and metrics name, and is partitioned by queue name`, async () => {
    const cols = await q<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'pgboss' and table_name = 'job'`,
    );
    expect(cols.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(['id', 'name', 'state', 'data', 'singleton_key', 'start_after', 'retry_limit']),
    );
    const [part] = await q<{ key: string }>(`select pg_get_partkeydef('pgboss.job'::regclass) as key`);
    expect(part?.key).toBe('LIST (name)');
    const states = await q<{ s: string }>(`select unnest(enum_range(null::pgboss.job_state))::text as s`);
    expect(states.map((s) => s.s)).toEqual(expect.arrayContaining(['created', 'retry', 'active']));
    expect(
      await q(`select 1 from information_schema.tables where table_schema = 'pgboss' and table_name = 'queue'`),
    ).toHaveLength(1);
  });
});

describe(`${V}: its statements`, () => {
  it(`${V}: a worker's fetch goes through db.executeSql with parameters, the same text every poll (so it is named once)`, async () => {
    const { boss, calls } = recordingBoss();
    await boss.fetch(sendMailJobDef.name);
    await boss.fetch(sendMailJobDef.name);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.values.length).toBeGreaterThan(0);
    expect(calls[1]!.text).toBe(calls[0]!.text);
  });

  it(`${V}: insert(rows, { db }) runs one statement of positional parameters ($1…) through that db, in the caller's transaction; claimWaitingJob deletes a waiting job once, and not one a worker has`, async () => {
    const { boss } = recordingBoss();
    const id = randomUUID();
    const other = randomUUID();
    const texts: string[] = [];
    await scoped(t, a.companyId, async (tx) => {
      const db = bossDbIn(tx);
      await boss.insert(
        [id, other].map((jobId) => ({
          id: jobId,
          name: sendMailJobDef.name,
          data: { companyId: a.companyId, to: 'nobody@example.com', subject: 's', text: 't', v: 1 },
          startAfter: '3600 seconds',
        })),
        {
          db: {
            executeSql: (text, values) => {
              texts.push(text);
              expect(
                text
                  .match(/\$(\d+)/g)
                  ?.map((p) => Number(p.slice(1)))
                  .sort((x, y) => y - x)[0],
              ).toBe(values.length);
              return db.executeSql(text, values);
            },
          },
        },
      );
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/INSERT INTO pgboss\.job/i);
    expect(await q(`select state from pgboss.job where id = any($1::uuid[]) order by id`, [[id, other]])).toEqual([
      { state: 'created' },
      { state: 'created' },
    ]);

    const claim = (jobId: string) =>
      scoped(t, a.companyId, async (tx) => (await tx.execute(claimWaitingJob(sendMailJobDef.name, jobId))).rows);
    expect(await claim(id)).toEqual([{ id }]);
    expect(await claim(id)).toEqual([]);
    await q(`update pgboss.job set state = 'active' where id = $1`, [other]);
    expect(await claim(other)).toEqual([]);
    await q(`delete from pgboss.job where id = $1`, [other]);
  });
});
