import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, sessionsOf, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { startFakeGraph, type FakeGraph, type FakeTemplate } from '../../../test/support/fake-graph.js';
import { eventually } from '../../../test/support/eventually.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { syncAllTemplates } from '../../automation/templates/template-jobs.js';
import { change, delivery, entry, postDelivery, profile, text } from '../../../test/support/cloud-webhook.js';

let t: TestApp;
let graph: FakeGraph;
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
  tenant = await createTenant(t);
  other = await createTenant(t);
});
afterAll(async () => {
  await t?.stop();
  await graph?.close();
});

let seq = 0;
const wabaId = () => String(900_000_000_000 + Date.now() * 10 + seq++);
const customer = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const q = async (sql: string, params: unknown[]) => (await t.running.deps.pools.owner.query(sql, params)).rows;

const template = (name: string, body: string, status = 'APPROVED', extra: FakeTemplate['components'] = []) => ({
  name,
  language: 'pt_BR',
  status,
  category: 'UTILITY',
  components: [{ type: 'BODY', text: body }, ...extra],
});

/** A started Cloud API connection of the tenant with a WABA holding these templates, synced. */
async function cloudWithTemplates(list: FakeTemplate[], companyId = tenant.companyId) {
  const waba = wabaId();
  graph.setTemplates(waba, list);
  const conn = await insertCloudConnection(t, companyId, { wabaId: waba, sessionWanted: true });
  await sessionsOf(t).tick();
  await eventually(
    async () => (await q('select status from whatsapps where id = $1', [conn.id]))[0].status === 'CONNECTED',
  );
  return { conn, waba };
}

/** A customer's message through the webhook, with Meta's timestamp (seconds); answers the ticket id. */
async function customerWrites(
  conn: { id: number; phoneNumberId: string | null; appSecret: string | null },
  number: string,
  at: Date,
) {
  const msg = { ...text(number, 'Oi'), timestamp: String(Math.floor(at.getTime() / 1000)) };
  const res = await postDelivery(
    t.url,
    conn.id,
    delivery(entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Cliente')], messages: [msg] }))),
    conn.appSecret,
  );
  expect(res.status).toBe(200);
  const [row] = await q('select ticket_id from messages where whatsapp_id = $1 and external_id = $2', [
    conn.id,
    msg.id,
  ]);
  return row.ticket_id as number;
}

describe('wabaId on a Cloud API connection', () => {
  it('is taken on POST and PUT (digits only), cleared by blank, and ignored for other providers', async () => {
    const api = tenant.admin.api;
    const created = await api.post('/api/whatsapp', {
      name: `Cloud ${wabaId()}`,
      provider: 'cloud',
      phoneNumberId: '5511400000',
      accessToken: 'EAAG0123456789abcdef',
      appSecret: 'secret-123456',
      wabaId: '102290129340398',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.wabaId).toBe('102290129340398');
    expectInvalid(await api.put(`/api/whatsapp/${created.body.id}`, { wabaId: '12ab' }), 'wabaId');
    const edited = await api.put(`/api/whatsapp/${created.body.id}`, { wabaId: '4455667788' });
    expect(edited.body.wabaId).toBe('4455667788');
    expect((await api.put(`/api/whatsapp/${created.body.id}`, { wabaId: '' })).body.wabaId).toBeNull();
    const beta = await api.post('/api/whatsapp', { name: `Beta ${wabaId()}`, wabaId: '4455667788' });
    expect(beta.body.wabaId).toBeNull();
  });
});

describe('templates sync and list', () => {
  it("follows paging.next to the last page and lists each template with its BODY's variable count", async () => {
    const list = [
      template('boas_vindas', 'Olá {{1}}!'),
      template('pedido', 'Olá {{1}}, seu pedido {{2}} saiu. Obrigado, {{1}}.'),
      template('promo', 'Promoção', 'REJECTED'),
      template('aviso', 'Aviso sem variáveis'),
      template('lembrete', 'Lembrete {{1}}', 'PENDING'),
    ];
    const { conn, waba } = await cloudWithTemplates(list);
    const res = await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Five templates, two a page: three pages read, each with the connection's token.
    const pages = graph.to(`/${waba}/message_templates`, 'GET');
    expect(pages).toHaveLength(3);
    for (const p of pages) expect(p.headers.authorization).toBe(`Bearer ${conn.accessToken}`);
    expect(res.body.templates.map((x: { name: string }) => x.name)).toEqual([
      'aviso',
      'boas_vindas',
      'lembrete',
      'pedido',
      'promo',
    ]);
    const pedido = res.body.templates.find((x: { name: string }) => x.name === 'pedido');
    expect(pedido).toEqual({
      name: 'pedido',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu. Obrigado, {{1}}.' }],
      variables: 2,
    });
    // Everyone of the company reads the list (the composer's picker).
    const staff = await createStaff(t, tenant);
    const listed = await staff.api.get(`/api/whatsapp/${conn.id}/templates`);
    expect(listed.body).toEqual(res.body);

    // A template Meta no longer has goes at the next sync.
    graph.setTemplates(waba, list.slice(0, 2));
    const again = await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    expect(again.body.templates.map((x: { name: string }) => x.name)).toEqual(['boas_vindas', 'pedido']);
  });

  it('the daily job syncs every Cloud API connection with a WABA id', async () => {
    const { conn, waba } = await cloudWithTemplates([template('diario', 'Bom dia {{1}}')]);
    const { conn: otherConn } = await cloudWithTemplates([template('outro', 'Oi')], other.companyId);
    expect((await tenant.admin.api.get(`/api/whatsapp/${conn.id}/templates`)).body.templates).toEqual([]);
    await syncAllTemplates(t.running.deps, t.running.deps.log);
    expect((await tenant.admin.api.get(`/api/whatsapp/${conn.id}/templates`)).body.templates).toMatchObject([
      { name: 'diario', variables: 1 },
    ]);
    expect((await other.admin.api.get(`/api/whatsapp/${otherConn.id}/templates`)).body.templates).toMatchObject([
      { name: 'outro', variables: 0 },
    ]);
    expect(graph.to(`/${waba}/message_templates`, 'GET').length).toBeGreaterThan(0);
  });

  it('needs a Cloud API connection with a WABA id; admins only; another company 404', async () => {
    const { conn } = await cloudWithTemplates([template('x', 'y')]);
    const noWaba = await insertCloudConnection(t, tenant.companyId);
    expectInvalid(await tenant.admin.api.post(`/api/whatsapp/${noWaba.id}/templates/sync`, {}), 'wabaId');
    const staff = await createStaff(t, tenant);
    expectNoPermission(await staff.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {}));
    expectNotFound(await other.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {}));
    expectNotFound(await other.admin.api.get(`/api/whatsapp/${conn.id}/templates`));
  });
});

describe('the 24-hour window', () => {
  it("the ticket view carries Meta's time of the customer's last message + 24 h", async () => {
    const { conn } = await cloudWithTemplates([]);
    const wrote = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 3600_000);
    const ticketId = await customerWrites(conn, customer(), wrote);
    const view = (await tenant.admin.api.get(`/api/tickets/${ticketId}`)).body;
    expect(view.windowExpiresAt).toBe(new Date(wrote.getTime() + 24 * 3600_000).toISOString());
    // The web tells a Cloud API ticket by its connection's provider (a window that never opened is closed too).
    expect(view.whatsapp).toMatchObject({ id: conn.id, provider: 'cloud' });
    // An older message delivered late does not move it back.
    const number = (
      await q('select c.number from tickets t join contacts c on c.id = t.contact_id where t.id = $1', [ticketId])
    )[0].number;
    await customerWrites(conn, number, new Date(wrote.getTime() - 3600_000));
    expect((await tenant.admin.api.get(`/api/tickets/${ticketId}`)).body.windowExpiresAt).toBe(view.windowExpiresAt);
  });
});

/** A Cloud API ticket, open, whose customer last wrote `hoursAgo` hours ago (Meta's time). */
async function openTicket(conn: Parameters<typeof customerWrites>[0], hoursAgo: number) {
  const number = customer();
  const ticketId = await customerWrites(conn, number, new Date(Date.now() - hoursAgo * 3600_000));
  const accepted = await tenant.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { ticketId, number };
}

const rowsOf = (ticketId: number) =>
  q('select * from messages where ticket_id = $1 and from_me order by id', [ticketId]);
const sendsTo = (number: string) => graph.sent.filter((s) => s.body.to === number);

describe('sending a template in a ticket', () => {
  it('sends the template with its body parameters; stores the BODY filled; ack 1', async () => {
    const { conn } = await cloudWithTemplates([template('pedido', 'Olá {{1}}, seu pedido {{2}} saiu.')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const { ticketId, number } = await openTicket(conn, 30);
    const res = await tenant.admin.api.post(`/api/messages/${ticketId}`, {
      template: { name: 'pedido', language: 'pt_BR', variables: ['Ana', '42'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.messages[0].body).toBe('Olá Ana, seu pedido 42 saiu.');
    const sent = await graph.until(() => sendsTo(number)[0]);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: number,
      type: 'template',
      template: {
        name: 'pedido',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '42' },
            ],
          },
        ],
      },
    });
    expect(sent.body.text).toBeUndefined();
    await eventually(async () => (await rowsOf(ticketId))[0]?.ack === 1, 10_000, 'ack 1');
  });

  it('sends a media header and a URL button as the template has them', async () => {
    const { conn } = await cloudWithTemplates([
      template('catalogo', 'Veja, {{1}}', 'APPROVED', [
        { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['https://cdn.example/cat.pdf'] } },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'URL', text: 'Abrir', url: 'https://l.example/{{1}}', example: ['https://l.example/abc'] }],
        },
      ]),
    ]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const { ticketId, number } = await openTicket(conn, 1);
    const res = await tenant.admin.api.post(`/api/messages/${ticketId}`, {
      template: { name: 'catalogo', language: 'pt_BR', variables: ['Bia'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = await graph.until(() => sendsTo(number)[0]);
    expect(sent.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { link: 'https://cdn.example/cat.pdf' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Bia' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'abc' }] },
    ]);
  });

  it('refuses a wrong count (template.variables), an unknown or unapproved name (template.name): nothing stored or sent', async () => {
    const { conn } = await cloudWithTemplates([
      template('pedido', 'Olá {{1}}, pedido {{2}}'),
      template('rascunho', 'Oi {{1}}', 'PENDING'),
    ]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const { ticketId, number } = await openTicket(conn, 30);
    const send = (tpl: unknown) => tenant.admin.api.post(`/api/messages/${ticketId}`, { template: tpl });
    expectInvalid(await send({ name: 'pedido', language: 'pt_BR', variables: ['Ana'] }), 'template.variables');
    expectInvalid(await send({ name: 'pedido', language: 'pt_BR', variables: ['a', 'b', 'c'] }), 'template.variables');
    expectInvalid(await send({ name: 'nao_existe', language: 'pt_BR', variables: [] }), 'template.name');
    expectInvalid(await send({ name: 'pedido', language: 'en_US', variables: ['a', 'b'] }), 'template.name');
    expectInvalid(await send({ name: 'rascunho', language: 'pt_BR', variables: ['a'] }), 'template.name');
    expectInvalid(await send({ name: '', language: 'pt_BR' }), 'template.name');
    expect(await rowsOf(ticketId)).toEqual([]);
    expect(sendsTo(number)).toEqual([]);
  });
});

describe('free text and the window', () => {
  it('a closed window refuses free text with 409 ERR_WINDOW_CLOSED, nothing stored or sent; an open one sends', async () => {
    const { conn } = await cloudWithTemplates([]);
    const closed = await openTicket(conn, 25);
    expectError(
      await tenant.admin.api.post(`/api/messages/${closed.ticketId}`, { body: 'Oi?' }),
      409,
      'ERR_WINDOW_CLOSED',
    );
    expect(await rowsOf(closed.ticketId)).toEqual([]);
    const open = await openTicket(conn, 23);
    const res = await tenant.admin.api.post(`/api/messages/${open.ticketId}`, { body: 'Oi!' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await graph.until(() => sendsTo(open.number)[0]);
    expect(sendsTo(closed.number)).toEqual([]);
  });

  it('a send Meta refuses with 131047 is failed with a reason a person understands', async () => {
    const { conn } = await cloudWithTemplates([]);
    const { ticketId } = await openTicket(conn, 1);
    graph.fail(1, 400, 131047, 'Re-engagement message');
    await tenant.admin.api.post(`/api/messages/${ticketId}`, { body: 'Tarde demais' });
    const row = await eventually(async () => (await rowsOf(ticketId)).find((r) => r.error), 10_000, 'failed');
    expect(row.error).toBe("The customer's 24-hour window is closed: send a template");
  });
});

describe('a campaign with a template', () => {
  /** A contact list of people named "Nome{i} Sobrenome". */
  async function contactList(numbers: string[]) {
    const made = (await tenant.admin.api.post('/api/contact-lists', { name: `Lista ${wabaId()}` })).body;
    for (const [i, number] of numbers.entries()) {
      const res = await tenant.admin.api.post('/api/contact-list-items', {
        name: `Nome${i} Sobrenome`,
        number,
        contactListId: made.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return made.id as number;
  }

  it('sends every contact the template, its texts filled per contact, never free text', async () => {
    const settings = await tenant.admin.api.post('/api/campaign-settings', {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        variables: [{ key: 'loja', value: 'Loja Centro' }],
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const { conn } = await cloudWithTemplates([template('promo', 'Oi {{1}}, a {{2}} te espera')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const numbers = [customer(), customer(), customer()];
    const contactListId = await contactList(numbers);
    const body = {
      name: `Campanha ${wabaId()}`,
      whatsappId: conn.id,
      contactListId,
      templateName: 'promo',
      templateLanguage: 'pt_BR',
    };

    const campaigns = tenant.admin.api;
    expectInvalid(
      await campaigns.post('/api/campaigns', { ...body, templateVariables: ['{{firstName}}'] }),
      'templateVariables',
    );
    expectInvalid(
      await campaigns.post('/api/campaigns', { ...body, templateName: 'nada', templateVariables: [] }),
      'templateName',
    );

    const created = await campaigns.post('/api/campaigns', {
      ...body,
      templateVariables: ['{{firstName}}', '{{loja}}'],
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      templateName: 'promo',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}', '{{loja}}'],
    });
    await eventually(
      async () => (await campaigns.get(`/api/campaigns/${created.body.id}`)).body.status === 'FINALIZADA',
      20_000,
      'FINALIZADA',
    );
    for (const [i, number] of numbers.entries()) {
      const sent = sendsTo(number);
      expect(sent, number).toHaveLength(1);
      expect(sent[0]!.body.type).toBe('template');
      expect(sent[0]!.body.template).toEqual({
        name: 'promo',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: `Nome${i}` },
              { type: 'text', text: 'Loja Centro' },
            ],
          },
        ],
      });
      const [stored] = await q(
        `select m.body from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
         where c.number = $1 and m.from_me`,
        [number],
      );
      expect(stored.body).toBe(`Oi Nome${i}, a Loja Centro te espera`);
    }
  });

  it("a campaign's test send (POST /campaigns/{id}/test) sends its template to the typed number, filled with the user's name", async () => {
    const { conn } = await cloudWithTemplates([template('aviso', 'Olá {{1}}, chegou a {{2}}')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const staff = await createStaff(t, tenant, { name: 'Rita Teste' });
    const created = await tenant.admin.api.post('/api/campaigns', {
      name: `Teste ${wabaId()}`,
      whatsappId: conn.id,
      contactListId: await contactList([customer()]),
      templateName: 'aviso',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}', '{{number}}'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const number = customer();
    const res = await staff.api.post(`/api/campaigns/${created.body.id}/test`, { number });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await eventually(async () => sendsTo(number).length === 1, 10_000, 'the template sent');
    expect(sendsTo(number)[0]!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'aviso',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rita' },
              { type: 'text', text: number },
            ],
          },
        ],
      },
    });
    const [stored] = await q('select body from messages where id = $1', [res.body.messageIds[0]]);
    expect(stored.body).toBe(`Olá Rita, chegou a ${number}`);
  });
});

describe('a schedule with a template', () => {
  it("names the contact's connection (the web offers its templates) and checks the template at save", async () => {
    const { conn } = await cloudWithTemplates([template('lembrete', 'Oi {{1}}, sua consulta é amanhã')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const { ticketId } = await openTicket(conn, 30);
    const [{ contact_id: contactId }] = await q('select contact_id from tickets where id = $1', [ticketId]);
    const staff = await createStaff(t, tenant);
    const named = await staff.api.get(`/api/schedules/connection?contactId=${contactId}`);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body).toEqual({ whatsapp: { id: conn.id, name: conn.name, provider: 'cloud' } });
    expectNotFound(await other.admin.api.get(`/api/schedules/connection?contactId=${contactId}`));
    expectInvalid(await staff.api.get('/api/schedules/connection?contactId=abc'), 'contactId');

    const base = { body: 'Lembrete da consulta', contactId, sendAt: new Date(Date.now() + 3600_000).toISOString() };
    const create = (extra: object) => staff.api.post('/api/schedules', { ...base, ...extra });
    expectInvalid(
      await create({ templateName: 'nada', templateLanguage: 'pt_BR', templateVariables: [] }),
      'templateName',
    );
    expectInvalid(
      await create({ templateName: 'lembrete', templateLanguage: 'pt_BR', templateVariables: [] }),
      'templateVariables',
    );
    const made = await create({
      templateName: 'lembrete',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectInvalid(
      await staff.api.put(`/api/schedules/${made.body.id}`, { templateVariables: ['a', 'b'] }),
      'templateVariables',
    );
    const plain = await staff.api.put(`/api/schedules/${made.body.id}`, {
      templateName: null,
      templateVariables: null,
    });
    expect(plain.body).toMatchObject({ templateName: null });
  });

  it('sends the template at its time, its texts filled for the contact', async () => {
    const { conn } = await cloudWithTemplates([template('lembrete', 'Oi {{1}}, sua consulta é amanhã')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const { ticketId, number } = await openTicket(conn, 30);
    const [{ contact_id: contactId }] = await q('select contact_id from tickets where id = $1', [ticketId]);
    await q('update contacts set name = $2 where id = $1', [contactId, 'Carla Dias']);
    const res = await tenant.admin.api.post('/api/schedules', {
      body: 'Lembrete da consulta',
      contactId,
      sendAt: new Date().toISOString(),
      templateName: 'lembrete',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ templateName: 'lembrete', templateVariables: ['{{firstName}}'] });
    const sent = await graph.until(() => sendsTo(number)[0], 30_000);
    expect(sent.body.template).toEqual({
      name: 'lembrete',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Carla' }] }],
    });
    const rows = await rowsOf(ticketId);
    expect(rows.map((r) => r.body)).toEqual(['Oi Carla, sua consulta é amanhã']);
  });
});

describe('a template from a contact (no ticket open)', () => {
  const contactOf = async (number = customer()) => {
    const res = await tenant.admin.api.post('/api/contacts', { name: 'Rita Campos', number });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as number, number };
  };
  const liveOf = (contactId: number) =>
    q(`select id, status, user_id from tickets where contact_id = $1 and status in ('pending', 'open')`, [contactId]);

  it('opens one ticket on that connection for two calls at once, assigned to the sender, and sends the template in it', async () => {
    const { conn } = await cloudWithTemplates([template('retorno', 'Oi {{1}}, podemos falar?')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const contact = await contactOf();
    const send = (name: string) =>
      tenant.admin.api.post(`/api/contacts/${contact.id}/template`, {
        whatsappId: conn.id,
        template: { name: 'retorno', language: 'pt_BR', variables: [name] },
      });
    const [a, b] = await Promise.all([send('Rita'), send('Rita C.')]);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(a.body.ticket.id).toBe(b.body.ticket.id);
    expect(a.body.ticket).toMatchObject({ status: 'open', userId: tenant.admin.id, whatsappId: conn.id });
    expect(a.body.messages[0]).toMatchObject({ body: 'Oi Rita, podemos falar?', fromMe: true });
    expect(await liveOf(contact.id)).toEqual([{ id: a.body.ticket.id, status: 'open', user_id: tenant.admin.id }]);
    await graph.until(() => sendsTo(contact.number).length === 2);
    expect(
      sendsTo(contact.number)
        .map((s) => s.body.template.components[0].parameters[0].text)
        .sort(),
    ).toEqual(['Rita', 'Rita C.']);
    // Later, the same ticket again.
    const again = await send('Rita');
    expect(again.body.ticket.id).toBe(a.body.ticket.id);
  });

  it("takes the contact's waiting ticket rather than opening a second", async () => {
    const { conn } = await cloudWithTemplates([template('retorno', 'Oi {{1}}')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const number = customer();
    const waiting = await customerWrites(conn, number, new Date(Date.now() - 30 * 3600_000));
    const [{ contact_id: contactId }] = await q('select contact_id from tickets where id = $1', [waiting]);
    const staff = await createStaff(t, tenant);
    const res = await staff.api.post(`/api/contacts/${contactId}/template`, {
      whatsappId: conn.id,
      template: { name: 'retorno', language: 'pt_BR', variables: ['Ana'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.ticket).toMatchObject({ id: waiting, status: 'open', userId: staff.id });
    expect(await liveOf(contactId)).toHaveLength(1);
    // Someone else's open ticket is theirs: named, nothing sent.
    await graph.until(() => sendsTo(number).length === 1);
    expectError(
      await tenant.admin.api.post(`/api/contacts/${contactId}/template`, {
        whatsappId: conn.id,
        template: { name: 'retorno', language: 'pt_BR', variables: ['Ana'] },
      }),
      409,
      'ERR_OTHER_OPEN_TICKET',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(sendsTo(number)).toHaveLength(1);
  });

  it('refuses a wrong template, a connection that is not Cloud API, another company’s contact or connection: no ticket made', async () => {
    const { conn } = await cloudWithTemplates([template('retorno', 'Oi {{1}}')]);
    await tenant.admin.api.post(`/api/whatsapp/${conn.id}/templates/sync`, {});
    const contact = await contactOf();
    const post = (body: unknown, id = contact.id, api = tenant.admin.api) =>
      api.post(`/api/contacts/${id}/template`, body);
    const ok = { name: 'retorno', language: 'pt_BR', variables: ['x'] };
    expectInvalid(await post({ whatsappId: conn.id, template: { ...ok, variables: [] } }), 'template.variables');
    expectInvalid(await post({ whatsappId: conn.id, template: { ...ok, name: 'nada' } }), 'template.name');
    const beta = await tenant.admin.api.post('/api/whatsapp', { name: `Beta ${wabaId()}` });
    expectInvalid(await post({ whatsappId: beta.body.id, template: ok }), 'whatsappId');
    const { conn: theirs } = await cloudWithTemplates([template('retorno', 'Oi {{1}}')], other.companyId);
    expectInvalid(await post({ whatsappId: theirs.id, template: ok }), 'whatsappId');
    expectNotFound(await post({ whatsappId: theirs.id, template: ok }, contact.id, other.admin.api));
    expectInvalid(await post({ template: ok }), 'whatsappId');
    expect(await liveOf(contact.id)).toEqual([]);
    expect(sendsTo(contact.number)).toEqual([]);
  });
});
