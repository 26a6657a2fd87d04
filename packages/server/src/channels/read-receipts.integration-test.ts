import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { Api } from '../../test/support/client.js';
import { createTenant, type Tenant } from '../../test/support/factories.js';
import { startSecondProcess } from '../../test/support/second-process.js';
import {
  inbound,
  insertConnection,
  phone,
  updateTicketRow,
  useRecordingChannels,
  type RecordingChannels,
} from '../../test/support/inbox.js';
import { sessionsOf } from '../../test/support/app.js';

/**
 * Issue 4: an agent reading a ticket in one process sends the read receipts through the process
 * that holds the connection's session. Here the test process holds it (its recording channel is
 * what we observe) and a separate server process serves the agent's request.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof startSecondProcess>>;
let tenant: Tenant;
let rec: RecordingChannels;
let conn: Awaited<ReturnType<typeof insertConnection>>;
let viaB: Api;

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  a = await startTestApp();
  rec = await useRecordingChannels(a);
  tenant = await createTenant(a);
  // The test process takes the session before the second process exists to compete for it.
  conn = await insertConnection(a, tenant.companyId, { sessionWanted: true });
  await sessionsOf(a).tick();
  b = await startSecondProcess(a.dbUrl);
  viaB = new Api(b.url, tenant.admin.token);
}, 60_000);
afterAll(async () => {
  if (b && b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
  await a.stop();
});

/** A customer's messages on a new chat, the ticket assigned to the admin (so reading marks it). */
async function unreadTicket(count: number) {
  const number = phone();
  const externalIds: string[] = [];
  let ticketId = 0;
  for (let i = 0; i < count; i++) {
    const externalId = `wamid.${number}.${String(i).padStart(3, '0')}`;
    externalIds.push(externalId);
    ({ ticketId } = await inbound(a, conn, { number, name: 'Ana' }, `m${i}`, { externalId }));
  }
  await updateTicketRow(a, tenant.companyId, ticketId, { status: 'open', userId: tenant.admin.id });
  return { number, ticketId, externalIds };
}

describe('read receipts across processes', () => {
  it('reading a ticket in a process without the session sends the receipt through the holder', async () => {
    expect(sessionsOf(a).local(conn.id)).toBeDefined();
    const { number, ticketId, externalIds } = await unreadTicket(1);

    const res = await viaB.get(`/api/messages/${ticketId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ticket.unreadMessages).toBe(0);

    await until(() => rec.read.some((r) => r.chatId === number), 'the read receipt in the holder');
    expect(rec.read.filter((r) => r.chatId === number)).toEqual([{ whatsappId: conn.id, chatId: number, externalIds }]);
  });

  it('forwards only the newest ids of a long unread run, well under the NOTIFY limit', async () => {
    const { number, ticketId, externalIds } = await unreadTicket(60);

    expect((await viaB.get(`/api/messages/${ticketId}`)).status).toBe(200);

    await until(() => rec.read.some((r) => r.chatId === number), 'the read receipt in the holder');
    const [receipt, ...more] = rec.read.filter((r) => r.chatId === number);
    expect(more).toEqual([]);
    expect(receipt!.externalIds).toEqual(externalIds.slice(-50));
  });
});
