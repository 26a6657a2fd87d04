import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createTenant, insertCloudConnection, type Tenant } from '../../test/support/factories.js';
import { runTenant } from './context.js';
import { queueOutbound } from '../modules/messages/queue-outbound.js';

// The unit of work: a message queued in a transaction kicks its connection's outbox after the
// commit (once per connection), never when the transaction rolls back; a failing kick is logged.

let t: TestApp;
let tenant: Tenant;
let kicked: { whatsappId: number; stored: number }[];
let kickFails = false;

const q = async (text: string, params: unknown[]) => (await t.running.deps.pools.owner.query(text, params)).rows;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
  const sessions = t.running.deps.sessions;
  // What the outbox's holder would be told, with the connection's stored messages as it is told.
  sessions.kickOutbox = async (whatsappId) => {
    const [row] = await q('select count(*)::int as n from messages where whatsapp_id = $1', [whatsappId]);
    kicked.push({ whatsappId, stored: row.n });
    if (kickFails) throw new Error('signal lost');
  };
});
afterAll(async () => {
  await t?.stop();
});
afterEach(() => {
  kickFails = false;
});

async function ticketOn() {
  const conn = await insertCloudConnection(t, tenant.companyId);
  const [contact] = await q(`insert into contacts (company_id, name, number) values ($1, 'Cliente', $2) returning id`, [
    tenant.companyId,
    `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  ]);
  const [ticket] = await q(
    `insert into tickets (company_id, contact_id, whatsapp_id, status) values ($1, $2, $3, 'open') returning id`,
    [tenant.companyId, contact.id, conn.id],
  );
  return { companyId: tenant.companyId, ticketId: ticket.id as number, whatsappId: conn.id };
}

describe('runTenant with queued outbound messages', () => {
  it('kicks the outbox once per connection, after the commit, before answering', async () => {
    const a = await ticketOn();
    const b = await ticketOn();
    kicked = [];
    await runTenant(t.running.deps, tenant.companyId, async (_tx, _events, uow) => {
      await queueOutbound(uow, { ...a, body: 'um', userId: null });
      await queueOutbound(uow, { ...a, body: 'dois', userId: null });
      await queueOutbound(uow, { ...b, body: 'três', userId: null });
      expect(kicked).toEqual([]);
    });
    expect(kicked).toEqual([
      { whatsappId: a.whatsappId, stored: 2 },
      { whatsappId: b.whatsappId, stored: 1 },
    ]);
  });

  it('kicks nothing when the transaction rolls back', async () => {
    const a = await ticketOn();
    kicked = [];
    await expect(
      runTenant(t.running.deps, tenant.companyId, async (_tx, _events, uow) => {
        await queueOutbound(uow, { ...a, body: 'desfeita', userId: null });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(kicked).toEqual([]);
    expect(await q('select id from messages where whatsapp_id = $1', [a.whatsappId])).toEqual([]);
  });

  it('a failing kick is logged, never the committed work’s failure; the other effects still run', async () => {
    const a = await ticketOn();
    kicked = [];
    kickFails = true;
    let ran = false;
    const id = await runTenant(t.running.deps, tenant.companyId, async (_tx, _events, uow) => {
      uow.afterCommit.run(async () => {
        ran = true;
      });
      return (await queueOutbound(uow, { ...a, body: 'guardada', userId: null })).id;
    });
    expect(kicked).toEqual([{ whatsappId: a.whatsappId, stored: 1 }]);
    expect(ran).toBe(true);
    expect(await q('select body from messages where id = $1', [id])).toEqual([{ body: 'guardada' }]);
  });
});
