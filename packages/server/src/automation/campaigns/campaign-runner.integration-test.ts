import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventName, type CampaignDetail, type EventPayload } from '@balcao/contracts';
import { startTestApp, sessionsOf, type TestApp } from '../../../test/support/app.js';
import { createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { inbound, insertContact, listen, phone } from '../../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { startSecondProcess } from '../../../test/support/second-process.js';

// Campaigns as the customers see them: sends at the Cloud API fake.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let graph: FakeGraph;
let t: TestApp;
let tenant: Tenant;
let conn: Awaited<ReturnType<typeof insertCloudConnection>>;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
  tenant = await createTenant(t);
  conn = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true, isDefault: true });
  await sessionsOf(t).tick();
  await eventually(
    async () => (await q('select status from whatsapps where id = $1', [conn.id]))[0]?.status === 'CONNECTED',
    10_000,
    'CONNECTED',
  );
});
afterAll(async () => {
  await t?.stop();
  await graph?.close();
});

const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;
const sentTo = (number: string) => graph.sent.filter((s) => s.body.to === number);

async function settings(s: Record<string, unknown>) {
  const res = await tenant.admin.api.post('/api/campaign-settings', { settings: s });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const NO_WAIT = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };

/** A list of people named "Nome{i} Sobrenome" with their numbers. */
async function list(people: { number: string; email?: string }[]) {
  const made = (await tenant.admin.api.post('/api/contact-lists', { name: `Lista ${Date.now()}` })).body;
  for (const [i, p] of people.entries()) {
    const res = await tenant.admin.api.post('/api/contact-list-items', {
      name: `Nome${i} Sobrenome`,
      number: p.number,
      email: p.email,
      contactListId: made.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return made.id as number;
}

/** A campaign that starts at once (scheduledAt now). */
async function start(body: Record<string, unknown>) {
  const res = await tenant.admin.api.post('/api/campaigns', {
    name: `Campanha ${Date.now()}`,
    whatsappId: conn.id,
    scheduledAt: new Date().toISOString(),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CampaignDetail;
}
const read = async (id: number) => (await tenant.admin.api.get(`/api/campaigns/${id}`)).body as CampaignDetail;
const untilStatus = (id: number, status: CampaignDetail['status'], ms = 20_000) =>
  eventually(
    async () => {
      const c = await read(id);
      return c.status === status && c;
    },
    ms,
    status,
  );

/** When each send to these numbers reached the fake (ms), in order. */
function watchSends(numbers: string[]) {
  const times: number[] = [];
  const wanted = new Set(numbers);
  let seen = 0;
  const record = () => {
    const mine = graph.sent.filter((s) => wanted.has(s.body.to));
    while (seen < mine.length) {
      times.push(Date.now());
      seen++;
    }
    return undefined;
  };
  return {
    times,
    until: (n: number, ms: number) => graph.until(() => (record(), times.length >= n && times), ms),
  };
}

describe('a campaign on the Cloud API', () => {
  it('sends one variant to each valid contact, variables filled, ends FINALIZADA 5/5; no pending tickets, a reply opens one', async () => {
    await settings({ ...NO_WAIT, variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const people = [0, 1, 2, 3, 4, 5].map((i) => ({ number: phone(), email: `p${i}@exemplo.com` }));
    const listId = await list(people);
    // Known not to be on WhatsApp: skipped.
    await q('update contact_list_items set is_whatsapp_valid = false where number = $1', [people[5]!.number]);
    const socket = await connectSocket(t.url, tenant.admin.token);
    const events = listen<EventPayload<'campaign'>>(socket, eventName(tenant.companyId, 'campaign'));
    try {
      const campaign = await start({
        contactListId: listId,
        message1: 'Olá {{firstName}}, {{loja}} te espera ({{number}})',
        message3: 'Oi {{name}} <{{email}}> {{desconhecida}}',
      });
      const done = await untilStatus(campaign.id, 'FINALIZADA');
      expect(done).toMatchObject({ validContacts: 5, delivered: 5, failed: 0, completedAt: expect.any(String) });
      for (const [i, p] of people.slice(0, 5).entries()) {
        const out = sentTo(p.number);
        expect(out, p.number).toHaveLength(1);
        expect([
          `Olá Nome${i}, Loja Centro te espera (${p.number})`,
          `Oi Nome${i} Sobrenome <p${i}@exemplo.com> {{desconhecida}}`,
        ]).toContain(out[0]!.body.text.body);
      }
      expect(sentTo(people[5]!.number)).toHaveLength(0);
      await events.waitFor(
        (e) => e.action === 'update' && e.record.id === campaign.id && e.record.status === 'FINALIZADA',
      );
      expect(
        events.heard.some(
          (e) => e.action === 'update' && e.record.id === campaign.id && e.record.status === 'EM_ANDAMENTO',
        ),
      ).toBe(true);

      // Recorded in each contact's conversation on a closed ticket: no one waits for an attendant.
      const tickets = await q(
        `select t.id, t.status, c.number from tickets t join contacts c on c.id = t.contact_id
         where c.number = any($1) order by c.number`,
        [people.map((p) => p.number)],
      );
      expect(tickets).toHaveLength(5);
      expect(new Set(tickets.map((r) => r.status))).toEqual(new Set(['closed']));
      const shipping = await q('select variant, ticket_id, message_id from campaign_shipping where campaign_id = $1', [
        campaign.id,
      ]);
      expect(shipping.every((r) => [1, 3].includes(r.variant) && r.message_id !== null)).toBe(true);

      // The customer answers: a new pending ticket, as any inbound message makes.
      const reply = await inbound(t, conn, { number: people[0]!.number }, 'Quero saber mais');
      const [opened] = await q('select status from tickets where id = $1', [reply.ticketId]);
      expect(opened.status).toBe('pending');
      expect(reply.ticketId).not.toBe(tickets.find((r) => r.number === people[0]!.number)!.id);
    } finally {
      socket.close();
    }
  });

  it('waits the configured intervals between sends, the long one after every longerIntervalAfter', async () => {
    await settings({ messageInterval: 1, longerIntervalAfter: 2, greaterInterval: 3 });
    const numbers = [phone(), phone(), phone(), phone()];
    const watch = watchSends(numbers);
    const campaign = await start({ contactListId: await list(numbers.map((number) => ({ number }))), message1: 'Oi' });
    const times = await watch.until(4, 30_000);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    // 1 s + 0–50 %, then 3 s after the 2nd send, then 1 s + 0–50 % (plus a sweep of 500 ms and the send).
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[0]).toBeLessThan(2_600);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_900);
    expect(gaps[1]).toBeLessThan(4_100);
    expect(gaps[2]).toBeGreaterThanOrEqual(900);
    expect(gaps[2]).toBeLessThan(2_600);
    await untilStatus(campaign.id, 'FINALIZADA');
  });

  it('cancel stops; restart finishes the rest, no one twice', async () => {
    await settings({ messageInterval: 1, longerIntervalAfter: 0, greaterInterval: 0 });
    const numbers = [phone(), phone(), phone(), phone(), phone()];
    const watch = watchSends(numbers);
    const campaign = await start({ contactListId: await list(numbers.map((number) => ({ number }))), message1: 'Oi' });
    await watch.until(2, 15_000);
    const cancelled = await tenant.admin.api.post(`/api/campaigns/${campaign.id}/cancel`);
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = watch.times.length;
    await new Promise((r) => setTimeout(r, 3_000));
    // Nothing new after the cancel (one send already on its way may still land).
    expect(numbers.flatMap(sentTo).length).toBeLessThanOrEqual(atCancel + 1);
    expect(numbers.flatMap(sentTo).length).toBeLessThan(5);

    expect((await tenant.admin.api.post(`/api/campaigns/${campaign.id}/restart`)).body.status).toBe('EM_ANDAMENTO');
    const done = await untilStatus(campaign.id, 'FINALIZADA', 30_000);
    expect(done).toMatchObject({ validContacts: 5, delivered: 5 });
    for (const n of numbers) expect(sentTo(n), n).toHaveLength(1);
  });

  it('with a tag list, writes only to the contacts carrying the tag', async () => {
    await settings(NO_WAIT);
    const numbers = [phone(), phone(), phone()];
    const tag = (await tenant.admin.api.post('/api/tags', { name: `VIP ${Date.now()}` })).body;
    const contact = await insertContact(t, tenant.companyId, { number: numbers[1]!, name: 'Cliente VIP' });
    const [ticket] = await q(
      `insert into tickets (company_id, contact_id, whatsapp_id, status) values ($1, $2, $3, 'closed') returning id`,
      [tenant.companyId, contact.id, conn.id],
    );
    await q('insert into ticket_tags (company_id, ticket_id, tag_id) values ($1, $2, $3)', [
      tenant.companyId,
      ticket.id,
      tag.id,
    ]);
    const campaign = await start({
      contactListId: await list(numbers.map((number) => ({ number }))),
      tagListId: tag.id,
      message1: 'Só para VIPs',
    });
    expect(await untilStatus(campaign.id, 'FINALIZADA')).toMatchObject({ validContacts: 1, delivered: 1 });
    expect(sentTo(numbers[1]!)).toHaveLength(1);
    expect(sentTo(numbers[0]!)).toHaveLength(0);
    expect(sentTo(numbers[2]!)).toHaveLength(0);
    // Recorded on the tagged ticket (the contact's latest on the connection).
    expect(await q('select ticket_id from campaign_shipping where campaign_id = $1', [campaign.id])).toEqual([
      { ticket_id: ticket.id },
    ]);
  });

  it("sends the file list's files and the attachment after the text, in order", async () => {
    await settings(NO_WAIT);
    const number = phone();
    const storage = t.running.deps.storage;
    const pdfKey = await storage.put(tenant.companyId, PDF, 'pdf');
    const [fileList] = await q(
      `insert into file_lists (company_id, name, message) values ($1, 'Catálogo', 'Veja') returning id`,
      [tenant.companyId],
    );
    await q(
      `insert into file_list_options (company_id, file_list_id, position, name, path, media_type, file_name)
       values ($1, $2, 0, 'Tabela de preços', $3, 'application/pdf', 'precos.pdf'), ($1, $2, 1, 'Sem arquivo', null, null, null)`,
      [tenant.companyId, fileList.id, pdfKey],
    );
    const res = await tenant.admin.api.post('/api/campaigns', {
      name: 'Com arquivos',
      whatsappId: conn.id,
      contactListId: await list([{ number }]),
      fileListId: fileList.id,
      message1: 'Nosso catálogo',
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto promo.png');
    const up = await fetch(`${t.url}/api/campaigns/${res.body.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    await tenant.admin.api.put(`/api/campaigns/${res.body.id}`, { scheduledAt: new Date().toISOString() });
    await graph.until(() => sentTo(number).length >= 3 && true, 15_000);
    const out = sentTo(number);
    expect(out.map((s) => s.body.type)).toEqual(['text', 'document', 'image']);
    expect(out[0]!.body.text.body).toBe('Nosso catálogo');
    expect(out[1]!.body.document).toMatchObject({ caption: 'Tabela de preços' });
    expect(await untilStatus(res.body.id, 'FINALIZADA')).toMatchObject({ delivered: 1 });
  });

  it('a "not on WhatsApp" refusal (131026) marks the item invalid and is listed with why', async () => {
    await settings(NO_WAIT);
    const number = phone();
    const listId = await list([{ number }]);
    graph.fail(1, 400, 131026, 'Message undeliverable');
    const campaign = await start({ contactListId: listId, message1: 'Oi' });
    expect(await untilStatus(campaign.id, 'FINALIZADA')).toMatchObject({ validContacts: 1, delivered: 0, failed: 1 });
    const failures = (await tenant.admin.api.get(`/api/campaigns/${campaign.id}/failures`)).body;
    expect(failures).toMatchObject({
      count: 1,
      records: [{ number, name: 'Nome0 Sobrenome', error: expect.stringMatching(/131026/) }],
    });
    expect(await q('select is_whatsapp_valid from contact_list_items where contact_list_id = $1', [listId])).toEqual([
      { is_whatsapp_valid: false },
    ]);
  });

  it('a campaign whose connection is deleted fails the rest with why, and finishes', async () => {
    await settings({ messageInterval: 3600, longerIntervalAfter: 0, greaterInterval: 0 });
    const other = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true });
    await sessionsOf(t).tick();
    await eventually(
      async () => (await q('select status from whatsapps where id = $1', [other.id]))[0]?.status === 'CONNECTED',
      10_000,
      'CONNECTED',
    );
    const numbers = [phone(), phone(), phone()];
    const watch = watchSends(numbers);
    const campaign = await start({
      contactListId: await list(numbers.map((number) => ({ number }))),
      whatsappId: other.id,
      message1: 'Oi',
    });
    await watch.until(1, 15_000);
    await eventually(async () => (await read(campaign.id)).delivered === 1, 10_000, 'the first delivered');
    expect((await tenant.admin.api.delete(`/api/whatsapp/${other.id}`)).status).toBe(204);
    expect(await untilStatus(campaign.id, 'FINALIZADA')).toMatchObject({ validContacts: 3, delivered: 1, failed: 2 });
    const failures = (await tenant.admin.api.get(`/api/campaigns/${campaign.id}/failures`)).body;
    expect(failures).toMatchObject({
      count: 2,
      records: [{ error: 'ERR_NO_CONNECTION' }, { error: 'ERR_NO_CONNECTION' }],
    });
  });

  it('two processes running the sweep never send anyone twice', async () => {
    await settings(NO_WAIT);
    const numbers = Array.from({ length: 40 }, () => phone());
    const listId = await list(numbers.map((number) => ({ number })));
    const previous = process.env.WHATSAPP_CLOUD_API_URL;
    process.env.WHATSAPP_CLOUD_API_URL = `${graph.url}/v21.0`;
    const second = await startSecondProcess(t.dbUrl);
    process.env.WHATSAPP_CLOUD_API_URL = previous;
    try {
      const campaign = await start({
        contactListId: listId,
        message1: 'Oi {{firstName}}',
        message2: 'Olá {{firstName}}',
      });
      expect(await untilStatus(campaign.id, 'FINALIZADA', 40_000)).toMatchObject({ validContacts: 40, delivered: 40 });
      for (const n of numbers) expect(sentTo(n), n).toHaveLength(1);
      expect(
        await q(
          'select count(*)::int as n from messages m join campaign_shipping s on s.message_id = m.id where s.campaign_id = $1',
          [campaign.id],
        ),
      ).toEqual([{ n: 40 }]);
    } finally {
      second.child.kill('SIGTERM');
    }
  }, 90_000);
});
