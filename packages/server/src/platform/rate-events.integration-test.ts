import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { pruneRateEvents } from './rate-events.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

it('rate-limit rows older than two hours are pruned by an hourly job; recent ones stay', async () => {
  const owner = t.running.deps.pools.owner;
  const key = `ip:prune-${Date.now()}`;
  await owner.query(
    `insert into rate_events (kind, key, at) values ('login-fail', $1, now() - interval '3 hours'),
       ('login-fail', $1, now() - interval '50 minutes')`,
    [key],
  );
  expect(await pruneRateEvents(t.running.deps.pools.platformDb)).toBeGreaterThanOrEqual(1);
  const { rows } = await owner.query(
    `select extract(epoch from now() - at) < 3600 as recent from rate_events where key = $1`,
    [key],
  );
  expect(rows).toEqual([{ recent: true }]);

  const { rows: schedule } = await owner.query(`select cron from pgboss.schedule where name = 'rate-events-prune'`);
  expect(schedule).toEqual([{ cron: '17 * * * *' }]);
});
