import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createTenant, type Tenant } from '../../test/support/factories.js';
import { startSecondProcess } from '../../test/support/second-process.js';
import { inTenant } from '../db/client.js';
import { channelLeases, messages } from '../db/schema/index.js';
import { SessionRegistry } from './registry.js';
import { drainOutbox } from '../modules/messages/outbox.js';
import { CHANNEL_FACTORIES } from '../channel-providers.js';
import { sessionsOf } from '../../test/support/app.js';

/**
 * Acceptance (issue 3, point 4): one process holds a session and the other sends through it;
 * the holder is killed; the survivor takes the session over and sends what was waiting.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof startSecondProcess>>;
let tenant: Tenant;

async function until<T>(check: () => Promise<T>, what: string, ms = 45_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const leaseHolder = async (whatsappId: number) =>
  (
    await inTenant(a.running.deps.pools.db, tenant.companyId, (tx) =>
      tx.select().from(channelLeases).where(eq(channelLeases.whatsappId, whatsappId)),
    )
  )[0]?.holder;

const outbound = (ticketId: number) =>
  inTenant(a.running.deps.pools.db, tenant.companyId, (tx) =>
    tx.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id)),
  ).then((rows) => rows.filter((m) => m.fromMe));

beforeAll(async () => {
  a = await startTestApp();
  // Process A stops competing for sessions, so the second process becomes the holder.
  await a.running.deps.sessions.stop();
  b = await startSecondProcess(a.dbUrl);
  tenant = await createTenant(a);
});
afterAll(async () => {
  if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
  await a.stop();
});

describe('session takeover', () => {
  it('a killed holder’s session moves to the other process, which sends the waiting messages', async () => {
    const api = tenant.admin.api;
    const created = await api.post('/api/whatsapp', { name: 'Loja', provider: 'sandbox' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // B holds the session; pair the simulated phone and let a customer write.
    const qr = await until(async () => (await api.get(`/api/whatsapp/${id}`)).body.qrcode as string, 'a QR code');
    const bHolder = await until(() => leaseHolder(id), 'the lease');
    expect((await api.post(`/api/sandbox/${id}/scan`, { qrcode: qr })).status).toBe(202);
    await until(async () => (await api.get(`/api/whatsapp/${id}`)).body.status === 'CONNECTED', 'CONNECTED');
    const sent = await api.post(`/api/sandbox/${id}/messages`, { number: '5511988887777', name: 'Ana', body: 'Oi' });
    expect(sent.status).toBeLessThan(300);
    const ticketId = sent.body.ticketId as number;
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);

    // Through process A (which holds nothing), a reply goes out through B.
    expect((await api.post(`/api/messages/${ticketId}`, { body: 'Primeira' })).status).toBe(201);
    await until(async () => (await outbound(ticketId)).some((m) => m.body === 'Primeira' && m.ack >= 1), 'the first reply');

    // The holder dies; two replies are written meanwhile and wait, queued.
    b.child.kill('SIGKILL');
    await new Promise((r) => b.child.once('exit', r));
    expect((await api.post(`/api/messages/${ticketId}`, { body: 'Segunda' })).status).toBe(201);
    expect((await api.post(`/api/messages/${ticketId}`, { body: 'Terceira' })).status).toBe(201);
    expect((await outbound(ticketId)).filter((m) => m.ack === 0).map((m) => m.body)).toEqual(['Segunda', 'Terceira']);

    // A competes again: within the lease's lifetime it takes the session over and sends them.
    a.running.deps.sessions = new SessionRegistry(a.running.deps, CHANNEL_FACTORIES, a.running.eventsFor, drainOutbox);
    await a.running.deps.sessions.start();
    const started = Date.now();
    const all = await until(async () => {
      const rows = await outbound(ticketId);
      return rows.every((m) => m.ack >= 1) ? rows : undefined;
    }, 'the waiting replies to be sent');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await leaseHolder(id)).not.toBe(bHolder);
    expect(await leaseHolder(id)).toBe(sessionsOf(a).holder);
    // Each sent once (one provider id each), none failed.
    expect(all.map((m) => m.body)).toEqual(['Primeira', 'Segunda', 'Terceira']);
    expect(new Set(all.map((m) => m.externalId)).size).toBe(3);
    expect(all.every((m) => m.error === null)).toBe(true);
  });
});
