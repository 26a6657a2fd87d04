import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PROVIDERS } from '@balcao/contracts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../support/app.js';
import { deliverAsaasEvent, startFakeAsaas, type FakeAsaas } from '../support/fake-asaas.js';
import { connectSocket } from '../support/socket.js';
import { insertQueue, listen } from '../support/inbox.js';
import { mailText } from '../support/smtp.js';
import { eventually } from '../support/eventually.js';
import { SessionRegistry, type ChannelFactory } from '../../src/channels/registry.js';
import { drainOutbox } from '../../src/modules/messages/outbox.js';
import type { ChannelEvents } from '../../src/channels/channel.js';
import { AtendechatClient, expectEveryCallReplayed, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';

/**
 * The spec's web client on the foundation's calls (foundation §7, issue 18): every row of the
 * call table replayed with the method, path, params and body the client's code builds (its forms'
 * initial values, empty strings, its own spellings), and the fields it then reads asserted; and
 * the live channels it listens to, heard on a socket opened as the client opens it.
 */

const WEBHOOK_TOKEN = 'asaas-webhook-token-foundation-compat-0001';
/** How long a live event may take on a loaded machine (NOTIFY, the session holder, the hub). */
const LIVE_MS = 15_000;
let t: TestApp;
let asaas: FakeAsaas;
const replayed = new Set<SpecCall>();
/** The client before anyone signs in (`openApi` and the login page). */
let anonymous: AtendechatClient;
/** The platform operator, signed in through the client. */
let operator: AtendechatClient;
/** The admin of the company signed up through the client's signup page. */
let admin: AtendechatClient;
let adminUser: any;
let signupPlan: any;
let adminJar: Map<string, string>;
let companyId: number;
let socket: Socket;
const signup = {
  name: 'Padaria Pão Quente',
  email: `padaria-${Date.now()}@example.com`,
  phone: '(11) 98765-4321',
  password: 'Segredo-1',
};

/**
 * Phones that show a QR code when a session starts and pair when `pair(id)` scans it: the
 * session events the connections page and the QR dialog read, without a real WhatsApp.
 */
const phones = new Map<number, ChannelEvents>();
const qrPhone: ChannelFactory = (conn, events) => ({
  async start() {
    phones.set(conn.id, events);
    await events.status({ status: 'qrcode', qrcode: `2@qr-${conn.id}-${Date.now()},key,key,key`, retries: 0 });
  },
  async stop() {},
  async logout() {},
  async send() {
    return { externalId: `out-${conn.id}-${Date.now()}` };
  },
  async markRead() {},
  async checkNumber(number) {
    return { exists: true, number };
  },
});
const pair = (id: number) => phones.get(id)!.status({ status: 'CONNECTED', qrcode: '', number: '5511999990000' });

/**
 * A browser tab signing in through the login page: its cookie jar keeps the refresh cookie the
 * login sets (the client sends credentials), its requests carry the token from then on.
 */
async function signIn(email: string, password: string) {
  const jar = new Map<string, string>();
  const res = await new AtendechatClient(t.url, undefined, replayed, jar).call('POST /auth/login', '/auth/login', {
    body: { email, password },
  });
  const data = ok(res, `login of ${email}`);
  return { data, jar, client: new AtendechatClient(t.url, data.token, replayed, jar) };
}

/** What a JWT says (the client's socket manager decodes the token for `exp`). */
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

beforeAll(async () => {
  asaas = await startFakeAsaas();
  t = await startTestApp({ ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  const deps = t.running.deps;
  await deps.sessions.stop();
  deps.sessions = new SessionRegistry(
    deps,
    Object.fromEntries(PROVIDERS.map((p) => [p, qrPhone])),
    t.running.eventsFor,
    drainOutbox,
  );
  await deps.sessions.start();
  anonymous = new AtendechatClient(t.url, undefined, replayed);
});
afterAll(async () => {
  socket?.close();
  await t?.stop();
  await asaas?.close();
});

describe('signing up and in (pages/Signup, hooks/useAuth, context/Socket)', () => {
  it('GET /plans/list: the signup page lists the plans without a session (openApi)', async () => {
    operator = (await signIn(SUPER_EMAIL, SUPER_PASSWORD)).client;
    signupPlan = ok(
      await operator.call('POST /plans', '/plans', {
        // PlansManager's form: numbers from number fields, the value from a text field, pt-BR.
        body: {
          name: `Básico ${Date.now()}`,
          users: 5,
          connections: 3,
          queues: 4,
          value: '49,90',
          useCampaigns: true,
          useSchedules: true,
          useInternalChat: true,
          useExternalApi: true,
          useKanban: true,
          useOpenAi: true,
          useIntegrations: true,
        },
      }),
      'plans create',
    );
    expect(signupPlan).toMatchObject({ id: expect.any(Number), value: 49.9 });
    const plans = ok(await anonymous.call('GET /plans/list', '/plans/list'), 'plans/list');
    expect(Array.isArray(plans)).toBe(true);
    // The signup page's menu item: "{name} - users - connections - queues - R$ {value}".
    expect(plans.find((p: any) => p.id === signupPlan.id)).toMatchObject({
      name: signupPlan.name,
      users: 5,
      connections: 3,
      queues: 4,
      value: 49.9,
    });
  });

  it('POST /companies/cadastro: the signup form, with the values the page adds (recurrence, dueDate, status "t")', async () => {
    const res = await anonymous.call('POST /companies/cadastro', '/companies/cadastro', {
      body: {
        ...signup,
        planId: signupPlan.id,
        recurrence: 'MENSAL',
        dueDate: '2025-06-14T10:00:00-03:00',
        status: 't',
        campaignsEnabled: true,
      },
    });
    companyId = ok(res, 'signup').id;
    expect(companyId).toEqual(expect.any(Number));
  });

  it('POST /auth/login: token, and the user with id, companyId, profile, queues and company (dueDate, settings)', async () => {
    const { data, client, jar } = await signIn(signup.email, signup.password);
    expect(data.token).toEqual(expect.any(String));
    // The socket manager decodes the token and reloads the page once `exp` has passed.
    expect(claims(data.token).exp * 1000).toBeGreaterThan(Date.now());
    expect(data.user).toMatchObject({
      id: expect.any(Number),
      companyId,
      name: expect.any(String),
      email: signup.email,
      profile: 'admin',
      super: false,
      queues: expect.any(Array),
      company: { id: companyId, name: signup.name, dueDate: expect.any(String), settings: expect.any(Array) },
    });
    // The trial: due in 3 days, so the login's "expires in fewer than 5 days" warning shows. The
    // due date is a calendar day (the header's "Active until" shows it as it is).
    expect(data.user.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    expect((Date.parse(data.user.company.dueDate) - Date.parse(today)) / 86_400_000).toBe(3);
    // The contract's value: "enabled" (docs/spec-client.md:
    // the client sets `cshow`, its campaign pages, on "true" — it is sent "true", stored "enabled").
    expect(data.user.company.settings.find((s: any) => s.key === 'campaignsEnabled')).toEqual({
      key: 'campaignsEnabled',
      value: 'enabled',
    });
    adminUser = data.user;
    admin = client;
    adminJar = jar;
  });

  it('opens the socket with the token in the query and hears "ready" (context/Socket)', async () => {
    socket = await connectSocket(t.url, admin.token!);
    expect(await socket.emitWithAck('joinNotification')).toBeTruthy();
  });

  it('POST /auth/refresh_token: no body, the cookie; a new token and the user', async () => {
    const data = ok(await admin.call('POST /auth/refresh_token', '/auth/refresh_token'), 'refresh');
    expect(data.token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({
      id: adminUser.id,
      companyId,
      profile: 'admin',
      company: { dueDate: expect.any(String) },
    });
    admin = new AtendechatClient(t.url, data.token, replayed, adminJar);
  });

  it('GET /auth/me: the user (the settings page reads super)', async () => {
    const me = ok(await admin.call('GET /auth/me', '/auth/me'), 'me');
    expect(me).toMatchObject({ id: adminUser.id, companyId, profile: 'admin', super: false });
  });

  it('company-{id}-auth: a login elsewhere ends this session, with the user the client compares', async () => {
    const tab = await connectSocket(t.url, admin.token!);
    const ended = listen(tab, `company-${companyId}-auth`);
    try {
      // The admin signs in on another computer: this tab's session ends.
      const elsewhere = await signIn(signup.email, signup.password);
      const heard = await ended.waitFor(() => true, 'the auth event', LIVE_MS);
      // useAuth: `data.user.id === +userId` logs this tab out.
      expect(heard).toMatchObject({ action: 'update', user: { id: adminUser.id } });
      admin = elsewhere.client;
      adminJar = elsewhere.jar;
      socket.close();
      socket = await connectSocket(t.url, admin.token!);
    } finally {
      tab.close();
    }
  });

  it('DELETE /auth/logout: the session ends, its refresh is refused', async () => {
    const { client } = await signIn(SUPER_EMAIL, SUPER_PASSWORD);
    const res = await client.call('DELETE /auth/logout', '/auth/logout');
    expect(res.status).toBeLessThan(300);
    expect((await client.call('POST /auth/refresh_token', '/auth/refresh_token')).status).toBe(401);
    // The operator's own session for the rest of the file.
    operator = (await signIn(SUPER_EMAIL, SUPER_PASSWORD)).client;
  });
});

describe('connections (pages/Connections, components/WhatsAppModal, QrcodeModal, hooks/useWhatsApps)', () => {
  let id: number;
  let queueA: { id: number };
  let queueB: { id: number };
  /** WhatsAppModal's initial values: what a new connection's form sends untouched. */
  const initialState = {
    name: '',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    isDefault: false,
    token: '',
    provider: 'beta',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
  };

  beforeAll(async () => {
    queueA = await insertQueue(t, companyId, { name: 'Vendas' });
    queueB = await insertQueue(t, companyId, { name: 'Suporte' });
  });

  it('POST /whatsapp: the form as the modal sends it (token "", queueIds, transferQueueId, promptId null)', async () => {
    const sessions = listen(socket, `company-${companyId}-whatsapp`);
    const res = await admin.call('POST /whatsapp', '/whatsapp', {
      body: {
        ...initialState,
        name: 'Atendimento',
        greetingMessage: 'Olá! Escolha uma opção.',
        timeToTransfer: '',
        queueIds: [queueA.id, queueB.id],
        transferQueueId: null,
        promptId: null,
      },
    });
    const created = ok(res, 'whatsapp create');
    id = created.id;
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Atendimento', token: expect.any(String) });
    expect(created.token.length).toBeGreaterThanOrEqual(16);
    // useWhatsApps: `update` with the connection, added to the list.
    const heard = await sessions.waitFor(
      (e: any) => e.action === 'update' && e.whatsapp?.id === id,
      'the whatsapp event',
      LIVE_MS,
    );
    expectListedConnection(heard.whatsapp);
  });

  it('GET /whatsapp/?session=0: the list the connections page shows', async () => {
    const list = ok(
      await admin.call('GET /whatsapp/', '/whatsapp/', { params: { companyId, session: 0 } }),
      'whatsapp list',
    );
    expect(Array.isArray(list)).toBe(true);
    const mine = list.find((w: any) => w.id === id);
    expectListedConnection(mine);
  });

  it('GET /whatsapp/{id}?session=0: queues, promptId, integrationId, transferQueueId, qrcode', async () => {
    const data = ok(
      await admin.call('GET /whatsapp/{id}', `/whatsapp/${id}`, { params: { session: 0 } }),
      'whatsapp read',
    );
    expect(data).toMatchObject({
      id,
      name: 'Atendimento',
      promptId: null,
      integrationId: null,
      transferQueueId: null,
      qrcode: expect.any(String),
      greetingMessage: 'Olá! Escolha uma opção.',
      expiresTicket: 0,
      maxUseBotQueues: 3,
    });
    expect(data.queues.map((q: any) => q.id).sort()).toEqual([queueA.id, queueB.id].sort());
  });

  it('PUT /whatsapp/{id}: what the modal read, sent back with its changes (queues and session left out)', async () => {
    const sessions = listen(socket, `company-${companyId}-whatsapp`);
    const read = ok(await admin.call('GET /whatsapp/{id}', `/whatsapp/${id}`, { params: { session: 0 } }), 'read');
    const { queues: _q, session: _s, ...values } = read;
    const res = await admin.call('PUT /whatsapp/{id}', `/whatsapp/${id}`, {
      body: {
        ...values,
        name: 'Atendimento 24h',
        timeToTransfer: '30',
        expiresTicket: '60',
        queueIds: [queueA.id],
        transferQueueId: queueB.id,
        promptId: null,
      },
    });
    expect(ok(res, 'whatsapp update')).toMatchObject({
      id,
      name: 'Atendimento 24h',
      timeToTransfer: 30,
      expiresTicket: 60,
    });
    const heard = await sessions.waitFor(
      (e: any) => e.action === 'update' && e.whatsapp?.name === 'Atendimento 24h',
      undefined,
      LIVE_MS,
    );
    expectListedConnection(heard.whatsapp);
    const again = ok(await admin.call('GET /whatsapp/{id}', `/whatsapp/${id}`, { params: { session: 0 } }), 'read');
    expect(again).toMatchObject({ transferQueueId: queueB.id, token: read.token, timeToTransfer: 30 });
    expect(again.queues.map((q: any) => q.id)).toEqual([queueA.id]);
    // A cleared number field and the transfer queue's empty entry come back as '': none.
    ok(
      await admin.call('PUT /whatsapp/{id}', `/whatsapp/${id}`, {
        body: { ...values, timeToTransfer: '', transferQueueId: '', queueIds: [queueA.id] },
      }),
      'clear',
    );
    expect(ok(await admin.call('GET /whatsapp/{id}', `/whatsapp/${id}`), 'read')).toMatchObject({
      timeToTransfer: null,
      transferQueueId: null,
    });
  });

  it('whatsappsession: start shows a QR code the dialog reads; the scan empties it; new QR and disconnect', async () => {
    const sessions = listen(socket, `company-${companyId}-whatsappSession`);
    // "Try again" (DISCONNECTED first, so the start is the client's).
    ok(await admin.call('DELETE /whatsappsession/{id}', `/whatsappsession/${id}`), 'disconnect');
    const down = await sessions.waitFor((e: any) => e.session?.status === 'DISCONNECTED', 'DISCONNECTED', LIVE_MS);
    expectSession(down, id);
    const mark = sessions.heard.length;
    ok(await admin.call('POST /whatsappsession/{id}', `/whatsappsession/${id}`), 'start');
    const shown = await sessions.waitFor(
      (e: any) => sessions.heard.indexOf(e) >= mark && e.session?.status === 'qrcode' && e.session.qrcode !== '',
      'the QR code',
      LIVE_MS,
    );
    expectSession(shown, id);
    // QrcodeModal: reads the connection's qrcode, then follows the session events.
    const modal = ok(await admin.call('GET /whatsapp/{id}', `/whatsapp/${id}`), 'qr dialog');
    expect(modal.qrcode).toBe(shown.session.qrcode);
    await pair(id);
    const paired = await sessions.waitFor((e: any) => e.session?.status === 'CONNECTED', 'CONNECTED', LIVE_MS);
    // The dialog closes when `session.qrcode` is empty.
    expect(paired.session).toMatchObject({ id, qrcode: '' });
    const before = sessions.heard.length;
    ok(await admin.call('PUT /whatsappsession/{id}', `/whatsappsession/${id}`), 'new QR');
    const renewed = await sessions.waitFor(
      (e: any) => sessions.heard.indexOf(e) >= before && e.session?.status === 'qrcode' && e.session.qrcode !== '',
      'a new QR code',
      LIVE_MS,
    );
    expectSession(renewed, id);
  });

  it('DELETE /whatsapp/{id}: the list hears delete with the whatsappId', async () => {
    const second = ok(
      await admin.call('POST /whatsapp', '/whatsapp', {
        body: { ...initialState, name: 'Reserva', queueIds: [], transferQueueId: null, promptId: null },
      }),
      'create',
    );
    const events = listen(socket, `company-${companyId}-whatsapp`);
    const res = await admin.call('DELETE /whatsapp/{id}', `/whatsapp/${second.id}`);
    expect(res.status).toBeLessThan(300);
    const heard = await events.waitFor((e: any) => e.action === 'delete', 'the delete event', LIVE_MS);
    expect(heard).toEqual({ action: 'delete', whatsappId: second.id });
  });

  /** What the connections table and the menu's badge read from a connection. */
  function expectListedConnection(w: any) {
    expect(w).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      status: expect.any(String),
      isDefault: expect.any(Boolean),
      updatedAt: expect.any(String),
      qrcode: expect.any(String),
      retries: expect.any(Number),
    });
    expect(Number.isNaN(Date.parse(w.updatedAt))).toBe(false);
  }

  /** What useWhatsApps' UPDATE_SESSION and the QR dialog read from a session event. */
  function expectSession(e: any, whatsappId: number) {
    expect(e).toMatchObject({
      action: 'update',
      session: {
        id: whatsappId,
        status: expect.any(String),
        updatedAt: expect.any(String),
        qrcode: expect.any(String),
        retries: expect.any(Number),
      },
    });
  }
});

describe('plans (hooks/usePlans, components/PlansManager)', () => {
  let planId: number;

  it('GET /plans/all: the array the manager lists, with every flag', async () => {
    const plans = ok(await operator.call('GET /plans/all', '/plans/all'), 'plans/all');
    expect(Array.isArray(plans)).toBe(true);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expectPlan(plan);
    planId = plans.at(-1).id;
  });

  it('POST /plans: the empty form filled in (value as typed, "29.9")', async () => {
    const created = ok(
      await operator.call('POST /plans', '/plans', {
        body: {
          name: 'Plano Compat',
          users: 2,
          connections: 1,
          queues: 1,
          value: '29.9',
          useCampaigns: false,
          useSchedules: true,
          useInternalChat: true,
          useExternalApi: false,
          useKanban: true,
          useOpenAi: true,
          useIntegrations: true,
        },
      }),
      'create',
    );
    expectPlan(created);
    expect(created).toMatchObject({ name: 'Plano Compat', value: 29.9, useCampaigns: false, useExternalApi: false });
    planId = created.id;
  });

  it('GET /plans/{id}: one plan', async () => {
    expectPlan(ok(await operator.call('GET /plans/{id}', `/plans/${planId}`), 'read'));
  });

  it('PUT /plans/{id}: the selected row as handleSelect fills the form (value in pt-BR: "1.234,5")', async () => {
    const res = await operator.call('PUT /plans/{id}', `/plans/${planId}`, {
      body: {
        id: planId,
        name: 'Plano Compat',
        users: 3,
        connections: 1,
        queues: 1,
        value: (1234.5).toLocaleString('pt-br', { minimumFractionDigits: 0 }),
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      },
    });
    expect(ok(res, 'update')).toMatchObject({ id: planId, users: 3, value: 1234.5, useCampaigns: true });
    // Saved again unchanged: "1.234,5" stays 1234.5, and a whole value "99" stays 99.
    const again = await operator.call('PUT /plans/{id}', `/plans/${planId}`, {
      body: { id: planId, name: 'Plano Compat', value: '99' },
    });
    expect(ok(again, 'update').value).toBe(99);
  });

  it('DELETE /plans/{id}', async () => {
    const res = await operator.call('DELETE /plans/{id}', `/plans/${planId}`);
    expect(res.status).toBeLessThan(300);
    expect((await operator.call('GET /plans/{id}', `/plans/${planId}`)).status).toBe(404);
  });

  function expectPlan(plan: any) {
    expect(plan).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      users: expect.any(Number),
      connections: expect.any(Number),
      queues: expect.any(Number),
      value: expect.any(Number),
      useCampaigns: expect.any(Boolean),
      useSchedules: expect.any(Boolean),
      useInternalChat: expect.any(Boolean),
      useExternalApi: expect.any(Boolean),
      useKanban: expect.any(Boolean),
      useOpenAi: expect.any(Boolean),
      useIntegrations: expect.any(Boolean),
    });
  }
});

describe('companies (hooks/useCompanies, components/CompaniesManager, pages/SettingsCustom)', () => {
  let createdId: number;
  let planId: number;

  beforeAll(async () => {
    planId = ok(await operator.call('GET /plans/all', '/plans/all'), 'plans')[0].id;
  });

  it('GET /companies/listPlan/{companyId}: the company with its plan (planConfigs.plan.use*)', async () => {
    const data = ok(
      await admin.call('GET /companies/listPlan/{companyId}', `/companies/listPlan/${companyId}`),
      'listPlan',
    );
    expect(data.plan).toMatchObject({
      useCampaigns: expect.any(Boolean),
      useKanban: expect.any(Boolean),
      useOpenAi: expect.any(Boolean),
      useIntegrations: expect.any(Boolean),
      useSchedules: expect.any(Boolean),
      useInternalChat: expect.any(Boolean),
      useExternalApi: expect.any(Boolean),
    });
  });

  it('POST /companies: the empty form filled in (dueDate null, recurrence "" when none is chosen)', async () => {
    const res = await operator.call('POST /companies', '/companies', {
      body: {
        name: 'Mercado Central',
        email: `mercado-${Date.now()}@example.com`,
        phone: '',
        planId,
        status: true,
        campaignsEnabled: false,
        dueDate: null,
        recurrence: '',
      },
    });
    const created = ok(res, 'create');
    createdId = created.id;
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Mercado Central', recurrence: 'MENSAL' });
  });

  it('GET /companies/list: the array the manager lists (plan.name, settings, dueDate, recurrence)', async () => {
    const list = ok(await operator.call('GET /companies/list', '/companies/list'), 'list');
    expect(Array.isArray(list)).toBe(true);
    const mine = list.find((c: any) => c.id === createdId);
    expectListedCompany(mine);
    expect(mine.settings.find((s: any) => s.key === 'campaignsEnabled')).toEqual({
      key: 'campaignsEnabled',
      value: 'disabled',
    });
  });

  it('GET /companies: a page of companies', async () => {
    const page = ok(await operator.call('GET /companies', '/companies'), 'page');
    expect(page).toMatchObject({ companies: expect.any(Array), hasMore: expect.any(Boolean) });
    expectListedCompany(page.companies[0]);
  });

  it('PUT /companies/{id}: the selected row as handleSelect fills the form, due date as the date field has it', async () => {
    const row = ok(await operator.call('GET /companies/{id}', `/companies/${createdId}`), 'read');
    expectListedCompany(row);
    const res = await operator.call('PUT /companies/{id}', `/companies/${createdId}`, {
      body: {
        id: row.id,
        name: 'Mercado Central Ltda',
        phone: row.phone || '',
        email: row.email || '',
        planId: row.planId || '',
        status: row.status !== false,
        campaignsEnabled: true,
        dueDate: '2031-01-15',
        recurrence: row.recurrence || '',
      },
    });
    const updated = ok(res, 'update');
    expect(updated).toMatchObject({ id: createdId, name: 'Mercado Central Ltda', recurrence: 'MENSAL' });
    expect(updated.dueDate).toBe('2031-01-15');
    expect(updated.settings.find((s: any) => s.key === 'campaignsEnabled')).toEqual({
      key: 'campaignsEnabled',
      value: 'enabled',
    });
  });

  it('GET /companies/{id} and PUT /companies/{id}/schedules: the admin reads and saves the week (SchedulesForm)', async () => {
    const company = ok(await admin.call('GET /companies/{id}', `/companies/${companyId}`), 'own company');
    expect(company).toMatchObject({ id: companyId, schedules: expect.any(Array) });
    const week = [
      ['Segunda-feira', 'monday'],
      ['Terça-feira', 'tuesday'],
      ['Quarta-feira', 'wednesday'],
      ['Quinta-feira', 'thursday'],
      ['Sexta-feira', 'friday'],
      ['Sábado', 'saturday'],
      ['Domingo', 'sunday'],
    ].map(([weekday, weekdayEn], i) => ({
      weekday,
      weekdayEn,
      startTime: i < 5 ? '08:00' : '',
      endTime: i < 5 ? '18:00' : '',
    }));
    const res = await admin.call('PUT /companies/{id}/schedules', `/companies/${companyId}/schedules`, {
      body: { id: companyId, schedules: week },
    });
    expect(ok(res, 'schedules')).toMatchObject({ id: companyId, schedules: week });
  });

  it('DELETE /companies/{id}', async () => {
    const res = await operator.call('DELETE /companies/{id}', `/companies/${createdId}`);
    expect(res.status).toBeLessThan(300);
    expect((await operator.call('GET /companies/{id}', `/companies/${createdId}`)).status).toBe(404);
  });

  function expectListedCompany(c: any) {
    expect(c).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      planId: expect.any(Number),
      plan: { id: expect.any(Number), name: expect.any(String) },
      status: expect.any(Boolean),
      recurrence: expect.any(String),
      createdAt: expect.any(String),
      settings: expect.any(Array),
    });
    expect(c).toHaveProperty('dueDate');
  }
});

describe('helps (hooks/useHelps, components/HelpsManager, pages/Helps)', () => {
  let helpId: number;

  it('POST /helps: title, description and the video code', async () => {
    const created = ok(
      await operator.call('POST /helps', '/helps', {
        body: { title: 'Como conectar', description: 'Leia o QR code', video: 'dQw4w9WgXcQ' },
      }),
      'create',
    );
    helpId = created.id;
    expect(created).toMatchObject({ id: expect.any(Number), title: 'Como conectar', video: 'dQw4w9WgXcQ' });
  });

  it('GET /helps/list: the array every user reads', async () => {
    const list = ok(await admin.call('GET /helps/list', '/helps/list'), 'list');
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((h: any) => h.id === helpId)).toMatchObject({
      title: 'Como conectar',
      description: 'Leia o QR code',
      video: 'dQw4w9WgXcQ',
    });
  });

  it('GET /helps: a page with hasMore', async () => {
    const page = ok(await operator.call('GET /helps', '/helps'), 'page');
    expect(page).toMatchObject({ hasMore: expect.any(Boolean) });
    expect(page.helps.map((h: any) => h.id)).toContain(helpId);
  });

  it('PUT /helps/{id}: the selected row as the form holds it (description left empty)', async () => {
    const res = await operator.call('PUT /helps/{id}', `/helps/${helpId}`, {
      body: { id: helpId, title: 'Como conectar o WhatsApp', description: '', video: 'dQw4w9WgXcQ' },
    });
    expect(ok(res, 'update')).toMatchObject({ id: helpId, title: 'Como conectar o WhatsApp', description: '' });
  });

  it('DELETE /helps/{id}', async () => {
    const res = await operator.call('DELETE /helps/{id}', `/helps/${helpId}`);
    expect(res.status).toBeLessThan(300);
    const list = ok(await admin.call('GET /helps/list', '/helps/list'), 'list');
    expect(list.find((h: any) => h.id === helpId)).toBeUndefined();
  });
});

describe('settings (hooks/useSettings, components/Settings/Options)', () => {
  it('GET /settings: the array of key/value the options read', async () => {
    const list = ok(await admin.call('GET /settings', '/settings'), 'settings');
    expect(Array.isArray(list)).toBe(true);
    const keys = list.map((s: any) => s.key);
    for (const key of [
      'userRating',
      'scheduleType',
      'call',
      'CheckMsgIsGroup',
      'chatBotType',
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'sendGreetingMessageOneQueues',
    ]) {
      expect(keys).toContain(key);
    }
    for (const s of list) expect(s).toEqual({ key: expect.any(String), value: expect.any(String) });
  });

  it('PUT /settings/{key}: {key, value} as the option sends it; company-{id}-settings carries the setting', async () => {
    const heard = listen(socket, `company-${companyId}-settings`);
    const res = await admin.call('PUT /settings/{key}', '/settings/scheduleType', {
      body: { key: 'scheduleType', value: 'company' },
    });
    expect(ok(res, 'update')).toMatchObject({ key: 'scheduleType', value: 'company' });
    const event = await heard.waitFor((e: any) => e.setting?.key === 'scheduleType', 'the settings event', LIVE_MS);
    expect(event).toEqual({ action: 'update', setting: { key: 'scheduleType', value: 'company' } });
    // The platform's billing token, set the same way (the operator's options page).
    ok(
      await operator.call('PUT /settings/{key}', '/settings/asaas', { body: { key: 'asaas', value: asaas.apiKey } }),
      'asaas',
    );
  });
});

describe('company-{id}-user (hooks/useAuth)', () => {
  it('an update of the signed-in user carries the user the client swaps in', async () => {
    const heard = listen(socket, `company-${companyId}-user`);
    const res = await t.api.as(admin.token).put(`/api/users/${adminUser.id}`, { name: 'Maria Padeira' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const event = await heard.waitFor((e: any) => e.user?.id === adminUser.id, 'the user event', LIVE_MS);
    expect(event).toMatchObject({
      action: 'update',
      user: { id: adminUser.id, name: 'Maria Padeira', profile: 'admin', companyId, queues: expect.any(Array) },
    });
  });
});

describe('invoices and the checkout (pages/Financeiro, components/CheckoutPage)', () => {
  let invoice: any;

  it('GET /invoices/all: searchParam and pageNumber; a bare array the page iterates (data.forEach)', async () => {
    const res = await admin.call('GET /invoices/all', '/invoices/all', { params: { searchParam: '', pageNumber: 1 } });
    const data = ok(res, 'invoices');
    // Financeiro's reducer: `invoices.forEach(...)` on the answer itself.
    expect(Array.isArray(data)).toBe(true);
    const rows: any[] = [];
    data.forEach((row: any) => rows.push(row));
    expect(rows).toHaveLength(1);
    invoice = rows[0];
    // The row: id, detail, value in BRL, due date (tinted when past and unpaid), status.
    expect(invoice).toMatchObject({
      id: expect.any(Number),
      detail: signupPlan.name,
      value: 49.9,
      dueDate: expect.any(String),
      status: 'open',
    });
  });

  it('POST /subscription: the checkout payload; qrcode.qrcode and valor.original; CONCLUIDA once paid', async () => {
    const plan = JSON.stringify({ users: 5, connections: 3, price: 49.9 });
    const res = await admin.call('POST /subscription', '/subscription', {
      body: {
        firstName: 'Maria',
        lastName: 'Padeira',
        address2: 'Rua do Forno, 12',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01310-100',
        country: 'BR',
        useAddressForPaymentDetails: false,
        nameOnCard: '',
        cardNumber: '',
        cvv: '',
        plan,
        price: 49.9,
        users: 5,
        connections: 3,
        invoiceId: invoice.id,
      },
    });
    const data = ok(res, 'subscription');
    expect(data).toMatchObject({ qrcode: { qrcode: expect.any(String) }, valor: { original: '49.90' } });
    const payments = listen(socket, `company-${companyId}-payment`);
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === String(invoice.id))!;
    expect((await deliverAsaasEvent(t.url, asaas.event(payment.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN)).status).toBe(
      200,
    );
    const heard = await payments.waitFor((e: any) => e.action === 'CONCLUIDA', 'the payment event', LIVE_MS);
    // CheckoutPage: "licença renovada até {dateToClient(data.company.dueDate)}"; useAuth merges data.company.
    expect(heard).toMatchObject({ action: 'CONCLUIDA', company: { id: companyId, dueDate: expect.any(String) } });
    expect(heard.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(heard.company.dueDate).getTime()).toBeGreaterThan(new Date(adminUser.company.dueDate).getTime());
  });
});

describe('password reset (pages/ForgetPassWord: its own API host, here /api too)', () => {
  it('POST /forgetpassword/{email}, then POST /resetpasswords/{email}/{token}/{newPassword}; the new password signs in', async () => {
    const res = await anonymous.call('POST /forgetpassword/{email}', `/forgetpassword/${signup.email}`);
    const data = ok(res, 'forgetpassword');
    // The page reads `response.data.status === 404` as "email not found".
    expect(data.status).not.toBe(404);
    const code = await eventually(
      () => {
        const mail = t.smtp.mails.find((m) => m.to.includes(signup.email));
        return (
          mail &&
          /\b(\d{6})\b/.exec(
            mailText(mail.raw)
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1]
        );
      },
      10_000,
      'the reset mail',
    );
    const newPassword = 'NovaSenha123';
    const reset = await anonymous.call(
      'POST /resetpasswords/{email}/{token}/{newPassword}',
      `/resetpasswords/${signup.email}/${code}/${newPassword}`,
    );
    ok(reset, 'resetpasswords');
    const login = await anonymous.call('POST /auth/login', '/auth/login', {
      body: { email: signup.email, password: newPassword },
    });
    expect(ok(login, 'login').user.id).toBe(adminUser.id);
  });
});

describe('the call table', () => {
  it('replayed every row of foundation §7', () => {
    expectEveryCallReplayed('foundation', replayed);
  });
});
