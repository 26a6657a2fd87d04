import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsOf, startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../test/support/app.js';
import { createTenant, type Tenant } from '../test/support/factories.js';
import { eventually } from '../test/support/eventually.js';
import { startSecondProcess } from '../test/support/second-process.js';
import { SessionRegistry } from './channels/registry.js';
import { drainOutbox } from './modules/messages/outbox.js';
import { CHANNEL_FACTORIES } from './channel-providers.js';

/**
 * Issue 33, point 1: a process told to stop (SIGTERM) says so on /api/ready at once, lets the
 * requests in flight finish, and gives its WhatsApp sessions up so that another process takes
 * them now, long before their leases would have expired.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof startSecondProcess>>;
let tenant: Tenant;
const DELAY_MS = 3_000;

beforeAll(async () => {
  a = await startTestApp();
  // Process A holds nothing at first, so the second process becomes the holder.
  await a.running.deps.sessions.stop();
  b = await startSecondProcess(a.dbUrl, { SHUTDOWN_DELAY_MS: String(DELAY_MS) });
  tenant = await createTenant(a);
});
afterAll(async () => {
  if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
  await a.stop();
});

const lease = async (whatsappId: number) =>
  (
    await a.running.deps.pools.owner.query<{ holder: string; expiresAt: Date; now: Date }>(
      `select holder, expires_at as "expiresAt", now() as now from channel_leases where whatsapp_id = $1`,
      [whatsappId],
    )
  ).rows[0];

/** A login whose body arrives in two parts: in flight until `finish()`. */
function slowLogin(base: string) {
  const body = JSON.stringify({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const req = http.request(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)) };
}

const reachable = (url: string) =>
  fetch(url).then(
    (res) => res,
    () => null,
  );

describe('graceful shutdown', () => {
  it('SIGTERM: ready says 503, the request in flight completes, the session moves at once', async () => {
    const created = await tenant.admin.api.post('/api/whatsapp', { name: 'Loja', provider: 'sandbox' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const held = await eventually(() => lease(id), 45_000, 'the second process to take the lease');

    // A competes again; B's lease is alive, so A waits.
    a.running.deps.sessions = new SessionRegistry(a.running.deps, CHANNEL_FACTORIES, a.running.eventsFor, drainOutbox);
    await a.running.deps.sessions.start();
    const before = (await lease(id))!;
    expect(before.holder).toBe(held.holder);

    const slow = slowLogin(b.url);
    // The request's headers reach B before it is told to stop.
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
    b.child.kill('SIGTERM');

    // At once, while it still serves: not ready, naming why; alive.
    const notReady = await eventually(async () => {
      const res = await reachable(`${b.url}/api/ready`);
      return res?.status === 503 ? ((await res.json()) as Record<string, any>) : undefined;
    }, DELAY_MS);
    expect(notReady).toMatchObject({ error: 'ERR_NOT_READY', checks: { accepting: 'shutting down' } });

    // Then the listener closes; the request that was in flight is still answered.
    await eventually(async () => (await reachable(`${b.url}/api/health`)) === null, 15_000, 'the listener to close');
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ user: { email: SUPER_EMAIL } });
    expect(await exited).toBe(0);
    expect(b.output()).toContain('shutting down');

    // The session moved to A before B's lease would have expired: it was given up, not waited out.
    const taken = await eventually(async () => {
      const now = await lease(id);
      return now?.holder === sessionsOf(a).holder ? now : undefined;
    }, 20_000);
    expect(taken.now.getTime()).toBeLessThan(before.expiresAt.getTime());
  });
});
