import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { eventually } from '../../test/support/eventually.js';
import { sendMailJobDef } from './mail.js';
import { handleJob, startJobs } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const stateOf = async (id: string) =>
  (await t.running.deps.pools.owner.query<{ state: string }>('select state from pgboss.job where id = $1', [id]))
    .rows[0]?.state;

it('stores a job with its spec’s version and runs it', async () => {
  const id = await t.running.deps.jobs.send(sendMailJobDef, {
    companyId: null,
    to: 'v1@example.com',
    subject: 'Oi',
    text: 'Olá',
  });
  const { rows } = await t.running.deps.pools.owner.query<{ data: { v: number } }>(
    'select data from pgboss.job where id = $1',
    [id],
  );
  expect(rows[0]?.data.v).toBe(1);
  await eventually(() => t.smtp.mails.some((m) => m.to.includes('v1@example.com')), 15_000, 'the mail');
});

it('refuses a job of another version: it fails and stays visible, the handler never runs', async () => {
  const { rows } = await t.running.deps.pools.owner.query<{ id: string }>(
    `insert into pgboss.job (name, data, retry_limit) values ($1, $2, 0) returning id`,
    [sendMailJobDef.name, { companyId: null, to: 'v2@example.com', subject: 'Oi', text: 'Olá', v: 2 }],
  );
  const id = rows[0]!.id;
  await eventually(async () => (await stateOf(id)) === 'failed', 15_000, 'the job failed');
  expect(t.smtp.mails.some((m) => m.to.includes('v2@example.com'))).toBe(false);
});

it('two processes starting at once on one database both start (the grants are taken one at a time)', async () => {
  const { owner } = t.running.deps.pools;
  const log = t.running.deps.log;
  const starts = await Promise.allSettled(
    Array.from({ length: 12 }, () =>
      startJobs(owner, [handleJob({ spec: sendMailJobDef, handle: async () => {} })], () => null, log),
    ),
  );
  const failed = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
  await Promise.all(starts.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
  expect(failed).toEqual([]);
});
