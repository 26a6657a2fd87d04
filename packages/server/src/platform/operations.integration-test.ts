import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/support/app.js';
import { createTenant, type Tenant } from '../../test/support/factories.js';
import { outboxDrained, pairedSandbox, sandboxCustomer } from '../../test/support/sandbox-phone.js';
import { readiness } from './readiness.js';
import { registry } from './metrics.js';
import { routeAccessTable } from './route-table.js';
import { unboundedLabels } from '../../test/support/metric-labels.js';

/** Contract "Operations": /api/health, /api/ready, /metrics; and no metric label grows with tenants or ids. */
const TOKEN = 'metrics-token-for-the-tests-0001';
let t: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
  tenant = await createTenant(t);
});
afterAll(() => t.stop());

const scrape = () => t.api.request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });

describe('health and readiness', () => {
  it('GET /api/health answers ok without a sign-in', async () => {
    const res = await t.api.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/ready names its checks: all ok', async () => {
    const res = await t.api.get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', accepting: 'ok' } });
  });

  it('answers 503 naming what is not ready while the process stops', async () => {
    t.running.lifecycle.accepting = false;
    try {
      const res = await t.api.get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'ERR_NOT_READY',
        message: 'Not ready: accepting',
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', accepting: 'shutting down' },
      });
      // The process itself still answers.
      expect((await t.api.get('/api/health')).status).toBe(200);
    } finally {
      t.running.lifecycle.accepting = true;
    }
  });

  it('a database that does not answer, or misses a migration, is named', async () => {
    const down = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
    down.on('error', () => {});
    expect(await readiness(down, { accepting: true })).toEqual({
      ready: false,
      checks: { database: 'unreachable (error)', migrations: 'unknown', accepting: 'ok' },
    });
    await down.end();

    const behind = new pg.Pool({ connectionString: await createTestDatabase() });
    try {
      await behind.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      expect(await readiness(behind, { accepting: true })).toEqual({
        ready: false,
        checks: { database: 'ok', migrations: 'pending', accepting: 'ok' },
      });
      await behind.query('drop schema drizzle cascade');
      expect((await readiness(behind, { accepting: true })).checks.migrations).toBe('pending');
    } finally {
      await behind.end();
    }
  });
});

describe('GET /metrics', () => {
  it('needs the metrics token', async () => {
    expect((await t.api.get('/metrics')).status).toBe(401);
    const wrong = await t.api.request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('serves the Prometheus text: request durations by route pattern, the product gauges, Node defaults', async () => {
    await tenant.admin.api.get('/api/tickets/987654');
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = res.body as string;
    expect(text).toMatch(
      /balcao_http_request_duration_seconds_count\{method="GET",route="\/api\/tickets\/:id",status="404"\} \d+/,
    );
    expect(text).not.toContain('987654');
    for (const name of [
      'balcao_outbox_pending 0',
      'balcao_outbox_oldest_age_seconds 0',
      'balcao_socket_connections 0',
      'balcao_whatsapp_sessions 0',
      'balcao_job_queue_depth{queue="chatbot-reply"}',
      'balcao_job_lag_seconds{queue="chatbot-reply"}',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      '# TYPE balcao_messages_received_total counter',
      '# TYPE balcao_messages_sent_total counter',
    ]) {
      expect(text, name).toContain(name);
    }
  });
});

/**
 * After many distinct companies, ids, numbers and emails went through the routes and the message
 * pipeline, every label of every metric still holds a few known words: never anything that names
 * a tenant, a record or a person, and never more values than the route table has routes.
 */
describe('metric labels stay bounded', () => {
  it('whatever ids, numbers and emails went through', async () => {
    const conn = await pairedSandbox(t, tenant);
    const api = tenant.admin.api;
    for (let i = 0; i < 3; i++) {
      const { ticketId } = await sandboxCustomer(t, api, conn, `Cliente ${i}`).says(`Olá ${i}`);
      expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
      expect((await api.post(`/api/messages/${ticketId}`, { body: `Resposta ${i}` })).status).toBe(201);
    }
    await outboxDrained(t, conn.companyId, conn.id);
    const other = await createTenant(t);
    for (let i = 0; i < 40; i++) {
      await api.get(`/api/tickets/${1000 + i}`);
      await other.admin.api.get(`/api/contacts/${2000 + i}`);
      await api.get(`/api/no-such/${3000 + i}`);
      await t.api.post(`/api/forgetpassword/someone${i}@example.com`, {});
      await t.api.get(`/${4000 + i}/user${i}@example.com`);
    }
    expect((await scrape()).status).toBe(200);

    const sent = (await registry.getMetricsAsJSON()).find((m) => m.name === 'balcao_messages_sent_total')!;
    expect(sent.values.some((v) => v.labels.provider === 'sandbox' && v.labels.result === 'sent' && v.value >= 3)).toBe(
      true,
    );
    const received = (await registry.getMetricsAsJSON()).find((m) => m.name === 'balcao_messages_received_total')!;
    expect(received.values.some((v) => v.labels.provider === 'sandbox' && v.labels.result === 'stored')).toBe(true);

    const routes = new Set<string>([
      ...Object.keys(routeAccessTable(t.running.app)).map((r) => r.split(' ')[1]!),
      '/metrics',
      'unmatched',
    ]);
    // test/support/metric-labels.test.ts shows the walk failing for planted unbounded labels.
    const problems = unboundedLabels(await registry.getMetricsAsJSON(), routes);
    expect(problems).toEqual([]);
  });
});

describe('without METRICS_TOKEN', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain.stop());

  it('there is no /metrics: an unknown address (JSON 404), whatever the token', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`]) {
      const res = await plain.api.request('GET', '/metrics', undefined, auth ? { authorization: auth } : {});
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NOT_FOUND');
    }
  });
});
