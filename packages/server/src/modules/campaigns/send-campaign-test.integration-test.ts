import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_TEST_LIMITS, type CampaignDetail } from '@balcao/contracts';
import { sessionsOf, startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { eventually } from '../../../test/support/eventually.js';
import { insertConnection, phone, useRecordingChannels, type RecordingChannels } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let rec: RecordingChannels;
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
/** a's connection, up and held by this process (recording what it sends). */
let conn: { id: number; name: string };
let listId: number;

beforeAll(async () => {
  t = await startTestApp();
  rec = await useRecordingChannels(t);
  a = await createTenant(t);
  b = await createTenant(t);
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useCampaigns: false })).id });
  conn = await insertConnection(t, a.companyId, { sessionWanted: true, status: 'CONNECTED' });
  await sessionsOf(t).tick();
  expect(sessionsOf(t).local(conn.id)).toBeDefined();
  listId = (await a.admin.api.post('/api/contact-lists', { name: 'Clientes' })).body.id;
  expect(
    (await a.admin.api.post('/api/contact-list-items', { name: 'Cliente', number: phone(), contactListId: listId }))
      .status,
  ).toBe(201);
  await a.admin.api.post('/api/campaign-settings', {
    settings: { variables: [{ key: 'loja', value: 'Loja Centro' }] },
  });
});
afterAll(() => t?.stop());

const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;

async function campaign(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.admin.api.post('/api/campaigns', {
    name: `Promo ${Date.now()}`,
    contactListId: listId,
    whatsappId: conn.id,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CampaignDetail;
}

/** "(11) 9xxxx-xxxx" as a person types it, and the digits it is stored as. */
function typedNumber() {
  const digits = phone();
  return { typed: `(${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`, digits };
}

const sentTo = (digits: string) => rec.sent.filter((s) => s.message.to === digits).map((s) => s.message);

describe('POST /api/campaigns/{id}/test', () => {
  it("queues the first variant, filled with the user's name, then the attachment, to the typed number; no ticket in the inbox, nothing in the report", async () => {
    const staff = await createStaff(t, a, { name: 'Marina Souza' });
    const c = await campaign(a, {
      message1: 'Olá {{firstName}}, oferta da {{loja}} para {{number}}',
      message2: 'Outra variante',
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'folheto.png');
    const up = await fetch(`${t.url}/api/campaigns/${c.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.admin.token}` },
      body: form,
    });
    expect(up.status).toBe(200);

    const { typed, digits } = typedNumber();
    const res = await staff.api.post(`/api/campaigns/${c.id}/test`, { number: typed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      number: digits,
      ticketId: expect.any(Number),
      messageIds: [expect.any(Number), expect.any(Number)],
    });

    await eventually(async () => sentTo(digits).length === 2, 10_000, 'both messages sent');
    const [text, file] = sentTo(digits);
    expect(text!.body).toBe(`Olá Marina, oferta da Loja Centro para ${digits}`);
    expect(file!.media).toMatchObject({ type: 'image', mimetype: 'image/png' });

    // The conversation it is recorded in is closed (a campaign's way): no pending ticket appears.
    expect(await q('select status, user_id from tickets where id = $1', [res.body.ticketId])).toEqual([
      { status: 'closed', user_id: null },
    ]);
    const messages = await q('select from_me, user_id, ack from messages where ticket_id = $1 order by id', [
      res.body.ticketId,
    ]);
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => m.from_me && m.user_id === null)).toBe(true);
    // Not part of the campaign: it stays inactive, with no shipping row.
    const after = (await a.admin.api.get(`/api/campaigns/${c.id}`)).body as CampaignDetail;
    expect(after).toMatchObject({ status: 'INATIVA', delivered: 0, failed: 0 });
    expect(await q('select count(*)::int as n from campaign_shipping where campaign_id = $1', [c.id])).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses a connection that is not connected (409 naming it), a bad number (400), another company (404), writing nothing', async () => {
    const down = await insertConnection(t, a.companyId, { status: 'DISCONNECTED' });
    const off = await campaign(a, { whatsappId: down.id, message1: 'Oi' });
    const ok = await campaign(a, { message1: 'Oi' });
    const before = await dbSnapshot(t.running.deps.pools.owner);

    const refused = await a.admin.api.post(`/api/campaigns/${off.id}/test`, { number: typedNumber().typed });
    expectError(refused, 409, 'ERR_WAPP_NOT_INITIALIZED');
    expect(refused.body.message).toContain(down.name);

    for (const number of ['123', '(11) 04444-3333', 'abc-defg-hij', ''])
      expectInvalid(await a.admin.api.post(`/api/campaigns/${ok.id}/test`, { number }), 'number');
    expectInvalid(await a.admin.api.post(`/api/campaigns/${ok.id}/test`, {}), 'number');

    expectNotFound(await b.admin.api.post(`/api/campaigns/${ok.id}/test`, { number: typedNumber().typed }));
    expectNotFound(await a.admin.api.post(`/api/campaigns/99999999/test`, { number: typedNumber().typed }));
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('needs the plan flag useCampaigns (403)', async () => {
    expectNoPermission(await noFlag.admin.api.post('/api/campaigns/1/test', { number: typedNumber().typed }));
  });

  it(`allows ${CAMPAIGN_TEST_LIMITS.perUser} test sends a user per ${CAMPAIGN_TEST_LIMITS.windowMinutes} minutes, then 429`, async () => {
    const staff = await createStaff(t, a);
    const c = await campaign(a, { message1: 'Teste {{name}}' });
    const { typed, digits } = typedNumber();
    for (let i = 0; i < CAMPAIGN_TEST_LIMITS.perUser; i++)
      expect((await staff.api.post(`/api/campaigns/${c.id}/test`, { number: typed })).status).toBe(200);
    const limited = await staff.api.post(`/api/campaigns/${c.id}/test`, { number: typed });
    expectError(limited, 429, 'ERR_RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user of the company still may.
    expect((await a.admin.api.post(`/api/campaigns/${c.id}/test`, { number: typed })).status).toBe(200);
    await eventually(async () => sentTo(digits).length === CAMPAIGN_TEST_LIMITS.perUser + 1, 10_000, 'every test sent');
  });
});
