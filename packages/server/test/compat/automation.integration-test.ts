import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, type Tenant } from '../support/factories.js';
import { connectSocket } from '../support/socket.js';
import { eventually } from '../support/eventually.js';
import { startFakeDialogflow, type FakeDialogflow } from '../support/fake-dialogflow.js';
import { AtendechatClient, expectEveryCallReplayed, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';

/**
 * The spec's automation call table (automation §7) replayed as the Atendechat web client sends
 * each call — its forms' fields, empty strings, nulls, numbers as text and its own spellings —
 * with the fields its pages read from the answers, and the live events those pages listen to
 * (`company-{id}-queue`, `-prompt`, `-queueIntegration`, `-ContactList`, `-ContactListItem`,
 * `-ContactListItem-{listId}`, `-campaign`, `-file`), heard on a socket opened as the client opens it.
 */

let t: TestApp;
let dialogflow: FakeDialogflow;
let tenant: Tenant;
let client: AtendechatClient;
let socket: Socket;
const replayed = new Set<SpecCall>();
/** Every event the client's socket heard, in order. */
const heard: Array<[string, any]> = [];

beforeAll(async () => {
  dialogflow = await startFakeDialogflow();
  t = await startTestApp({ DIALOGFLOW_API_URL: dialogflow.url });
  const plan = await createPlan(t, { users: 10, connections: 10, queues: 20 });
  tenant = await createTenant(t, { planId: plan.id });
  client = new AtendechatClient(t.url, tenant.admin.token, replayed);
  socket = await connectSocket(t.url, tenant.admin.token);
  socket.onAny((name: string, payload: unknown) => heard.push([name, payload]));
});
afterAll(async () => {
  socket?.close();
  await t?.stop();
  await dialogflow?.close();
});

const uid = () => randomBytes(4).toString('hex');
/** `company-{id}-{suffix}`, as the client's pages name what they listen to. */
const channel = (suffix: string) => `company-${tenant.companyId}-${suffix}`;
/** The first payload heard on `name` that `match` accepts (waiting for it when not heard yet). */
const hear = (name: string, match: (payload: any) => boolean, what = name) =>
  eventually(() => heard.find(([n, p]) => n === name && match(p))?.[1], 5_000, what);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 2)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(60, 4)]);
const blob = (data: Buffer, type: string) => new Blob([new Uint8Array(data)], { type });
/** A fresh Brazilian mobile number, as the client's placeholder writes one (country and area code). */
const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** The client's random 30-character node ids. */
const nodeId = () => randomBytes(15).toString('hex');

/** The week the queue dialog starts from (QueueModal's initial schedules). */
const CLIENT_SCHEDULES = [
  ['Segunda-feira', 'monday', '08:00', '18:00'],
  ['Terça-feira', 'tuesday', '08:00', '18:00'],
  ['Quarta-feira', 'wednesday', '08:00', '18:00'],
  ['Quinta-feira', 'thursday', '08:00', '18:00'],
  ['Sexta-feira', 'friday', '08:00', '18:00'],
  ['Sábado', 'saturday', '08:00', '12:00'],
  ['Domingo', 'sunday', '00:00', '00:00'],
].map(([weekday, weekdayEn, startTime, endTime]) => ({ weekday, weekdayEn, startTime, endTime }));

/** A queue made through the client's dialog (the pages below need one). */
async function clientQueue(name = `Fila ${uid()}`) {
  return ok(
    await client.call('POST /queue', '/queue', {
      body: {
        name,
        color: `#${randomBytes(3).toString('hex').toUpperCase()}`,
        greetingMessage: 'Olá! Escolha uma opção.',
        outOfHoursMessage: '',
        orderQueue: '',
        integrationId: '',
        promptId: null,
        schedules: CLIENT_SCHEDULES,
      },
    }),
    'POST /queue',
  );
}

describe('queues page, queue dialog and its options', () => {
  it('lists, creates, reads, edits and deletes a queue as the dialog does; the page hears each', async () => {
    // The dialog's lookups: prompts (with the plan's useOpenAi), settings and integrations.
    expect(Array.isArray(ok(await client.call('GET /prompt', '/prompt'), 'GET /prompt').prompts)).toBe(true);
    const settings = ok(await client.call('GET /settings', '/settings'), 'GET /settings');
    expect(Array.isArray(settings)).toBe(true);
    expect(settings.find((s: any) => s.key === 'scheduleType')).toMatchObject({ value: expect.any(String) });
    const integrations = ok(await client.call('GET /queueIntegration', '/queueIntegration'), 'GET /queueIntegration');
    expect(Array.isArray(integrations.queueIntegrations)).toBe(true);

    const created = await clientQueue('Vendas');
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Vendas', orderQueue: null, integrationId: null });
    const onCreate = await hear(channel('queue'), (p) => p.action === 'create' && p.queue?.id === created.id);
    expect(onCreate.queue).toMatchObject({ name: 'Vendas', color: created.color });

    const list = ok(await client.call('GET /queue', '/queue'), 'GET /queue');
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((q: any) => q.id === created.id)).toMatchObject({
      name: 'Vendas',
      color: created.color,
      greetingMessage: 'Olá! Escolha uma opção.',
      orderQueue: null,
      createdAt: expect.any(String),
    });

    // Edit: the dialog merges GET /queue/{id} into its form and sends it all back.
    const shown = ok(await client.call('GET /queue/{id}', `/queue/${created.id}`), 'GET /queue/{id}');
    expect(shown).toMatchObject({ id: created.id, promptId: null, schedules: expect.any(Array) });
    expect(shown.schedules).toHaveLength(7);
    const form = {
      name: '',
      color: '#2196F3',
      greetingMessage: '',
      outOfHoursMessage: '',
      orderQueue: '',
      integrationId: '',
      promptId: '',
      ...shown,
    };
    const edited = ok(
      await client.call('PUT /queue/{id}', `/queue/${created.id}`, {
        body: { ...form, name: 'Vendas e trocas', orderQueue: '2', schedules: shown.schedules, promptId: null },
      }),
      'PUT /queue/{id}',
    );
    expect(edited).toMatchObject({ name: 'Vendas e trocas', orderQueue: 2, promptId: null });
    await hear(channel('queue'), (p) => p.action === 'update' && p.queue?.name === 'Vendas e trocas');

    // The options tree (QueueOptions): top level by parentId -1, a child under an option.
    const top = ok(
      await client.call('GET /queue-options', '/queue-options', { params: { queueId: created.id, parentId: -1 } }),
      'GET /queue-options',
    );
    expect(top).toEqual([]);
    const option = (n: number, parentId: number | null, title: string) => ({
      title,
      message: `Você escolheu ${title}`,
      edition: false,
      option: n,
      queueId: created.id,
      parentId,
      children: [],
    });
    const first = ok(
      await client.call('POST /queue-options', '/queue-options', { body: option(1, null, 'Comprar') }),
      'POST /queue-options',
    );
    const second = ok(
      await client.call('POST /queue-options', '/queue-options', { body: option(2, null, 'Trocar') }),
      'option 2',
    );
    const child = ok(
      await client.call('POST /queue-options', '/queue-options', { body: option(1, first.id, 'Roupas') }),
      'child',
    );
    expect(child).toMatchObject({ parentId: first.id, option: '1' });
    const children = ok(
      await client.call('GET /queue-options', '/queue-options', {
        params: { queueId: created.id, parentId: first.id },
      }),
      'children',
    );
    expect(children.map((o: any) => [o.id, o.title, o.option])).toEqual([[child.id, 'Roupas', '1']]);
    const listed = ok(
      await client.call('GET /queue-options', '/queue-options', { params: { queueId: created.id, parentId: -1 } }),
      'top',
    );
    expect(listed.map((o: any) => [o.id, o.title, o.option, o.parentId])).toEqual([
      [first.id, 'Comprar', '1', null],
      [second.id, 'Trocar', '2', null],
    ]);
    // Save: the stepper PUTs the whole option it holds (its children and edition flag included).
    const held = {
      ...listed[0],
      children: children.map((c: any) => ({ ...c, children: [], edition: false })),
      edition: true,
    };
    const saved = ok(
      await client.call('PUT /queue-options/{id}', `/queue-options/${first.id}`, {
        body: { ...held, title: 'Comprar online' },
      }),
      'PUT /queue-options/{id}',
    );
    expect(saved).toMatchObject({ id: first.id, title: 'Comprar online', option: '1' });
    // Delete the first; the stepper then saves each remaining one with its new number.
    expect((await client.call('DELETE /queue-options/{id}', `/queue-options/${first.id}`)).status).toBeLessThan(300);
    ok(
      await client.call('PUT /queue-options/{id}', `/queue-options/${second.id}`, {
        body: { ...listed[1], option: 1, children: [], edition: false },
      }),
      'renumber',
    );
    const after = ok(
      await client.call('GET /queue-options', '/queue-options', { params: { queueId: created.id, parentId: -1 } }),
      'after delete',
    );
    expect(after.map((o: any) => [o.id, o.option])).toEqual([[second.id, '1']]);

    expect((await client.call('DELETE /queue/{id}', `/queue/${created.id}`)).status).toBeLessThan(300);
    await hear(channel('queue'), (p) => p.action === 'delete' && p.queueId === created.id);
  });
});

describe('prompts page and dialog', () => {
  it('lists, creates, reads, edits and deletes a prompt as the dialog sends it; the page hears each', async () => {
    const queue = await clientQueue();
    // The menu's plan lookup (usePlans): the company with its plan nested.
    const planConfigs = ok(
      await client.call('GET /companies/listPlan/{companyId}', `/companies/listPlan/${tenant.companyId}`),
      'GET /companies/listPlan/{companyId}',
    );
    expect(planConfigs.plan).toMatchObject({
      useOpenAi: true,
      useIntegrations: true,
      useCampaigns: true,
      useExternalApi: true,
    });

    const initial = {
      name: '',
      prompt: '',
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 1,
      apiKey: '',
      queueId: '',
      maxMessages: 10,
    };
    const body = {
      ...initial,
      name: 'Assistente de vendas',
      prompt: 'Você é a assistente da loja e responde com cordialidade e clareza às perguntas dos clientes.',
      apiKey: 'sk-compat-0123456789',
      queueId: queue.id,
    };
    const created = ok(await client.call('POST /prompt', '/prompt', { body }), 'POST /prompt');
    const onCreate = await hear(channel('prompt'), (p) => p.action === 'create' && p.prompt?.id === created.id);
    expect(onCreate.prompt).toMatchObject({
      name: 'Assistente de vendas',
      maxTokens: 100,
      queue: { name: queue.name },
    });

    const page = ok(await client.call('GET /prompt', '/prompt'), 'GET /prompt');
    expect(page.prompts.find((p: any) => p.id === created.id)).toMatchObject({
      name: 'Assistente de vendas',
      maxTokens: 100,
      queue: { name: queue.name },
    });

    const shown = ok(await client.call('GET /prompt/{id}', `/prompt/${created.id}`), 'GET /prompt/{id}');
    expect(shown).toMatchObject({ model: 'gpt-3.5-turbo-1106', temperature: 1, maxMessages: 10, queueId: queue.id });
    // The dialog sends back everything it read (the masked key and the queue object included).
    const edited = ok(
      await client.call('PUT /prompt/{id}', `/prompt/${created.id}`, {
        body: { ...initial, ...shown, temperature: 0.5, maxTokens: 200, model: 'gpt-4o-mini' },
      }),
      'PUT /prompt/{id}',
    );
    expect(edited).toMatchObject({ temperature: 0.5, maxTokens: 200, model: 'gpt-4o-mini' });
    await hear(channel('prompt'), (p) => p.action === 'update' && p.prompt?.maxTokens === 200);

    const removed = ok(await client.call('DELETE /prompt/{id}', `/prompt/${created.id}`), 'DELETE /prompt/{id}');
    expect(removed.message).toEqual(expect.any(String));
    await hear(channel('prompt'), (p) => p.action === 'delete' && p.promptId === created.id);
  });
});

describe('queue integrations page and dialog', () => {
  const initial = {
    type: 'typebot',
    name: '',
    projectName: '',
    jsonContent: '',
    language: '',
    urlN8N: '',
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: '',
    typebotKeywordRestart: '',
    typebotRestartMessage: '',
    typebotSlug: '',
    typebotUnknownMessage: '',
  };

  it('pages, creates, reads, edits and deletes integrations as the dialog sends them; the page hears each', async () => {
    // Webhook: the dialog sets projectName to the name, language stays ''.
    const hook = ok(
      await client.call('POST /queueIntegration', '/queueIntegration', {
        body: {
          ...initial,
          type: 'webhook',
          name: 'Pedidos',
          projectName: 'Pedidos',
          urlN8N: 'https://hooks.example.com/x',
        },
      }),
      'POST /queueIntegration',
    );
    await hear(channel('queueIntegration'), (p) => p.action === 'create' && p.queueIntegration?.id === hook.id);
    // Typebot: its numbers as the text fields hold them once typed.
    const typebot = ok(
      await client.call('POST /queueIntegration', '/queueIntegration', {
        body: {
          ...initial,
          name: 'Bot de vendas',
          projectName: 'Bot de vendas',
          urlN8N: 'https://typebot.example.com',
          typebotSlug: 'vendas',
          typebotExpires: '30',
          typebotDelayMessage: '500',
          typebotKeywordFinish: '#sair',
        },
      }),
      'typebot',
    );
    expect(typebot).toMatchObject({ typebotExpires: 30, typebotDelayMessage: 500 });
    // Flowbuilder: the dialog has only a name.
    const flowInt = ok(
      await client.call('POST /queueIntegration', '/queueIntegration', {
        body: { ...initial, type: 'flowbuilder', name: 'Fluxo de boas-vindas', projectName: 'Fluxo de boas-vindas' },
      }),
      'flowbuilder',
    );
    expect(flowInt).toMatchObject({ type: 'flowbuilder', jsonContent: '' });

    const page = ok(
      await client.call('GET /queueIntegration', '/queueIntegration', { params: { searchParam: '', pageNumber: 1 } }),
      'page',
    );
    expect(page.hasMore).toBe(false);
    expect(page.queueIntegrations.map((i: any) => i.id)).toEqual(
      expect.arrayContaining([hook.id, typebot.id, flowInt.id]),
    );
    expect(page.queueIntegrations.find((i: any) => i.id === typebot.id)).toMatchObject({
      type: 'typebot',
      name: 'Bot de vendas',
    });

    const shown = ok(await client.call('GET /queueIntegration/{id}', `/queueIntegration/${typebot.id}`), 'GET one');
    expect(shown).toMatchObject({ type: 'typebot', typebotSlug: 'vendas', typebotExpires: 30 });
    const edited = ok(
      await client.call('PUT /queueIntegration/{id}', `/queueIntegration/${typebot.id}`, {
        body: { ...initial, ...shown, name: 'Bot de trocas', projectName: 'Bot de trocas', typebotDelayMessage: '750' },
      }),
      'PUT /queueIntegration/{id}',
    );
    expect(edited).toMatchObject({ name: 'Bot de trocas', typebotDelayMessage: 750 });
    await hear(
      channel('queueIntegration'),
      (p) => p.action === 'update' && p.queueIntegration?.name === 'Bot de trocas',
    );

    expect((await client.call('DELETE /queueIntegration/{id}', `/queueIntegration/${hook.id}`)).status).toBeLessThan(
      300,
    );
    await hear(channel('queueIntegration'), (p) => p.action === 'delete' && +p.integrationId === hook.id);
  });

  it("tests a Dialogflow agent with the dialog's projectName, jsonContent and language", async () => {
    const account = dialogflow.serviceAccount();
    const res = await client.call('POST /queueIntegration/testSession', '/queueIntegration/testSession', {
      body: {
        projectName: account.keyFile.project_id,
        jsonContent: JSON.stringify(account.keyFile),
        language: 'pt-BR',
      },
    });
    expect(ok(res, 'testSession')).toMatchObject({ ok: true });
  });
});

describe('contact lists and their contacts', () => {
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Contatos');
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('lists, creates, renames and deletes lists; edits contacts; imports a sheet; the pages hear each', async () => {
    const list = ok(
      await client.call('POST /contact-lists', '/contact-lists', { body: { name: 'Clientes VIP' } }),
      'POST',
    );
    const onCreate = await hear(channel('ContactList'), (p) => p.action === 'create' && p.record?.id === list.id);
    expect(onCreate.record).toMatchObject({ name: 'Clientes VIP' });

    const page = ok(
      await client.call('GET /contact-lists/', '/contact-lists/', {
        params: { searchParam: 'clientes vip', pageNumber: 1 },
      }),
      'GET /contact-lists/',
    );
    expect(page).toMatchObject({ hasMore: false });
    expect(page.records.find((r: any) => r.id === list.id)).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 });
    const options = ok(
      await client.call('GET /contact-lists/list', '/contact-lists/list', { params: { companyId: tenant.companyId } }),
      'GET /contact-lists/list',
    );
    expect(options).toContainEqual(expect.objectContaining({ id: list.id, name: 'Clientes VIP' }));
    const shown = ok(await client.call('GET /contact-lists/{id}', `/contact-lists/${list.id}`), 'GET one');
    expect(shown).toMatchObject({ id: list.id, name: 'Clientes VIP' });
    ok(
      await client.call('PUT /contact-lists/{id}', `/contact-lists/${list.id}`, {
        body: { ...shown, name: 'Clientes Ouro' },
      }),
      'PUT',
    );
    await hear(channel('ContactList'), (p) => p.action === 'update' && p.record?.name === 'Clientes Ouro');

    // A contact through the item dialog: the route's list id as text, the company's id, email left empty.
    const contactListId = String(list.id);
    const number = newNumber();
    const item = ok(
      await client.call('POST /contact-list-items', '/contact-list-items', {
        body: { name: 'Maria Souza', number, email: '', companyId: tenant.companyId, contactListId },
      }),
      'POST /contact-list-items',
    );
    const onItem = await hear(channel('ContactListItem'), (p) => p.action === 'create' && p.record?.id === item.id);
    expect(onItem.record).toMatchObject({ name: 'Maria Souza', number, contactListId: list.id });
    const itemShown = ok(
      await client.call('GET /contact-list-items/{id}', `/contact-list-items/${item.id}`),
      'GET item',
    );
    expect(itemShown).toMatchObject({ name: 'Maria Souza', number, email: '', isWhatsappValid: null });
    ok(
      await client.call('PUT /contact-list-items/{id}', `/contact-list-items/${item.id}`, {
        body: { ...itemShown, email: 'maria@example.com', companyId: tenant.companyId, contactListId },
      }),
      'PUT item',
    );
    await hear(channel('ContactListItem'), (p) => p.action === 'update' && p.record?.email === 'maria@example.com');

    // Import: the page's form carries the sheet as `file`; the list's own channel reloads it.
    const form = new FormData();
    form.append(
      'file',
      blob(
        await sheet([
          ['nome', 'numero', 'email'],
          ['João Lima', newNumber(), 'joao@example.com'],
          ['Ana Reis', newNumber(), ''],
        ]),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
      'planilha.xlsx',
    );
    ok(await client.call('POST /contact-lists/{id}/upload', `/contact-lists/${list.id}/upload`, { form }), 'upload');
    const reload = await hear(channel(`ContactListItem-${list.id}`), (p) => p.action === 'reload', 'the list reload');
    expect(Array.isArray(reload.records)).toBe(true);
    expect(reload.records.map((r: any) => r.name)).toEqual(expect.arrayContaining(['João Lima', 'Ana Reis']));
    // Whatever reloads the generic channel carries the records the page merges (never undefined).
    for (const [name, p] of heard)
      if (name === channel('ContactListItem') && p.action === 'reload') expect(Array.isArray(p.records)).toBe(true);

    const items = ok(
      await client.call('GET /contact-list-items', '/contact-list-items', {
        params: { searchParam: '', pageNumber: 1, contactListId },
      }),
      'GET /contact-list-items',
    );
    expect(items.hasMore).toBe(false);
    expect(items.contacts.map((c: any) => c.name).sort()).toEqual(['Ana Reis', 'João Lima', 'Maria Souza']);
    expect(items.contacts[0]).toMatchObject({ number: expect.any(String), isWhatsappValid: null });

    expect(
      (await client.call('DELETE /contact-list-items/{id}', `/contact-list-items/${item.id}`)).status,
    ).toBeLessThan(300);
    await hear(channel('ContactListItem'), (p) => p.action === 'delete' && +p.id === item.id);
    expect((await client.call('DELETE /contact-lists/{id}', `/contact-lists/${list.id}`)).status).toBeLessThan(300);
    await hear(channel('ContactList'), (p) => p.action === 'delete' && +p.id === list.id);
  });
});

/** A connection for the campaign and flow-campaign pickers, and the external API's token. */
async function sandboxConnection() {
  const res = await tenant.admin.api.post('/api/whatsapp', { name: `Conexão ${uid()}`, provider: 'sandbox' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; token: string };
}

describe('file lists', () => {
  it('lists, creates, uploads, reads and edits a file list as the modal does; the page hears each', async () => {
    // The modal's form: options with an empty path and mediaType, the picked File (JSON makes it {}).
    const created = ok(
      await client.call('POST /files', '/files', {
        body: {
          name: 'Catálogo',
          message: 'Veja nosso catálogo',
          options: [
            { name: 'Foto da loja', path: '', mediaType: '', file: {} },
            { name: 'Áudio de boas-vindas', path: '', mediaType: '', file: {} },
          ],
          userId: tenant.admin.id,
        },
      }),
      'POST /files',
    );
    expect(created.options).toHaveLength(2);
    const onCreate = await hear(
      channel('file'),
      (p) => p.action === 'create' && (p.files ?? p.record)?.id === created.id,
    );
    expect(onCreate.files).toMatchObject({ id: created.id, name: 'Catálogo' });

    // The upload: fileId (the list) and typeArch once, then per file its part, mediaType, name and id.
    const form = new FormData();
    form.append('fileId', String(created.id));
    form.append('typeArch', 'fileList');
    const files: Array<[Buffer, string, string]> = [
      [PNG, 'image/png', 'loja.png'],
      [OGG, 'audio/ogg', 'ola.ogg'],
    ];
    files.forEach(([data, type, name], k) => {
      form.append('files', blob(data, type), name);
      form.append('mediaType', type);
      form.append('name', created.options[k].name);
      form.append('id', String(created.options[k].id));
    });
    ok(await client.call('POST /files/uploadList/{id}', `/files/uploadList/${created.id}`, { form }), 'upload');

    const page = ok(
      await client.call('GET /files/', '/files/', { params: { searchParam: '', pageNumber: 1 } }),
      'GET /files/',
    );
    expect(page.hasMore).toBe(false);
    expect(page.files.find((f: any) => f.id === created.id)).toMatchObject({ name: 'Catálogo' });
    // The campaign dialog's picker asks with the company's id.
    const picker = ok(
      await client.call('GET /files/', '/files/', { params: { companyId: tenant.companyId } }),
      'picker',
    );
    expect(picker.files.map((f: any) => f.id)).toContain(created.id);

    const shown = ok(await client.call('GET /files/{id}', `/files/${created.id}`), 'GET /files/{id}');
    expect(shown.options.map((o: any) => [o.name, o.mediaType, typeof o.path])).toEqual([
      ['Foto da loja', 'image/png', 'string'],
      ['Áudio de boas-vindas', 'audio/ogg', 'string'],
    ]);
    // Edit: the whole list as read, one option renamed, one added (its path empty).
    const edited = ok(
      await client.call('PUT /files/{id}', `/files/${created.id}`, {
        body: {
          ...shown,
          message: 'Nosso catálogo novo',
          options: [
            ...shown.options.map((o: any, k: number) => (k === 0 ? { ...o, name: 'Fachada' } : o)),
            { name: 'PDF', path: '' },
          ],
          userId: tenant.admin.id,
        },
      }),
      'PUT /files/{id}',
    );
    expect(edited.options.map((o: any) => [o.name, o.path])).toEqual([
      ['Fachada', shown.options[0].path],
      ['Áudio de boas-vindas', shown.options[1].path],
      ['PDF', null],
    ]);
    await hear(channel('file'), (p) => p.action === 'update' && p.files?.message === 'Nosso catálogo novo');
  });
});

describe('campaigns, their settings and report', () => {
  it('saves settings, lists, creates, edits, reads, cancels, restarts and deletes a campaign as the dialog does', async () => {
    const connection = await sandboxConnection();
    // The settings page: key/value rows whose value is JSON, saved back as {settings}.
    ok(
      await client.call('POST /campaign-settings', '/campaign-settings', {
        body: {
          settings: {
            messageInterval: 0,
            longerIntervalAfter: 20,
            greaterInterval: 60,
            variables: [{ key: 'loja', value: 'Loja Centro' }],
          },
        },
      }),
      'POST /campaign-settings',
    );
    const settings = ok(await client.call('GET /campaign-settings', '/campaign-settings'), 'GET /campaign-settings');
    const read = Object.fromEntries(settings.map((s: any) => [s.key, JSON.parse(s.value)]));
    expect(read).toMatchObject({
      messageInterval: 0,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
    });

    // The dialog's pickers.
    const whatsapps = ok(
      await client.call('GET /whatsapp', '/whatsapp', { params: { companyId: tenant.companyId, session: 0 } }),
      'GET /whatsapp',
    );
    expect(whatsapps.find((w: any) => w.id === connection.id)).toMatchObject({
      name: connection.name,
      status: expect.any(String),
    });
    const list = ok(
      await client.call('POST /contact-lists', '/contact-lists', { body: { name: `Campanha ${uid()}` } }),
      'list',
    );
    for (const name of ['Carla Dias', 'Bruno Melo'])
      ok(
        await client.call('POST /contact-list-items', '/contact-list-items', {
          body: { name, number: newNumber(), email: '', companyId: tenant.companyId, contactListId: String(list.id) },
        }),
        'item',
      );

    // Save: every '' of the form sent as null, the tag "Nenhuma", the status as the form holds it.
    const formValues = {
      name: 'Black Friday',
      message1: 'Olá {{firstName}}, temos ofertas na {{loja}}!',
      message2: null,
      message3: null,
      message4: null,
      message5: null,
      status: 'INATIVA',
      scheduledAt: null,
      whatsappId: connection.id,
      contactListId: list.id,
      tagListId: 'Nenhuma',
      companyId: tenant.companyId,
      fileListId: null,
    };
    const created = ok(await client.call('POST /campaigns', '/campaigns', { body: formValues }), 'POST /campaigns');
    expect(created).toMatchObject({ id: expect.any(Number), status: 'INATIVA' });
    await hear(channel('campaign'), (p) => p.action === 'create' && p.record?.id === created.id);

    const page = ok(
      await client.call('GET /campaigns/', '/campaigns/', { params: { searchParam: '', pageNumber: 1 } }),
      'GET /campaigns/',
    );
    expect(page.hasMore).toBe(false);
    expect(page.records.find((c: any) => c.id === created.id)).toMatchObject({
      name: 'Black Friday',
      status: 'INATIVA',
      scheduledAt: null,
      completedAt: null,
      whatsapp: { name: connection.name },
      contactList: { name: list.name },
    });

    // Edit: the dialog read the campaign (nulls as ''), then sends every field back ('' as null).
    const shown = ok(await client.call('GET /campaigns/{id}', `/campaigns/${created.id}`), 'GET /campaigns/{id}');
    expect(shown).toMatchObject({ tagId: null, whatsappId: connection.id, contactListId: list.id });
    // Before the start the report counts whom it would write to.
    expect(shown.contactList.contacts.filter((c: any) => c.isWhatsappValid)).toHaveLength(2);
    expect(shown.shipping).toEqual([]);
    const fromForm = (data: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === '' || v === null ? null : v]));
    const inForm = { ...formValues, ...shown, tagListId: shown.tagId || 'Nenhuma' };
    const scheduledAt = new Date(Date.now() + 3 * 3600_000);
    const wall = scheduledAt.toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 16);
    ok(
      await client.call('PUT /campaigns/{id}', `/campaigns/${created.id}`, {
        body: fromForm({ ...inForm, message2: 'Oi {{name}}!', scheduledAt: `${wall.replace('T', ' ')}:00` }),
      }),
      'PUT /campaigns/{id}',
    );
    const onEdit = await hear(
      channel('campaign'),
      (p) => p.action === 'update' && p.record?.message2 === 'Oi {{name}}!',
    );
    expect(onEdit.record).toMatchObject({ id: created.id, status: 'PROGRAMADA' });

    // The attachment: `file` in a form; deleted again from the dialog.
    const form = new FormData();
    form.append('file', blob(PNG, 'image/png'), 'oferta da semana.png');
    const uploaded = ok(
      await client.call('POST /campaigns/{id}/media-upload', `/campaigns/${created.id}/media-upload`, { form }),
      'media-upload',
    );
    expect(uploaded).toMatchObject({ mediaName: expect.stringContaining('oferta') });
    ok(
      await client.call('DELETE /campaigns/{id}/media-upload', `/campaigns/${created.id}/media-upload`),
      'delete media',
    );
    expect(ok(await client.call('GET /campaigns/{id}', `/campaigns/${created.id}`), 'after media')).toMatchObject({
      mediaPath: null,
      mediaName: null,
    });

    // Start it now (the dialog's schedule set to a minute ago), then cancel and restart from the dialog.
    const now = new Date(Date.now() - 60_000).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const current = ok(await client.call('GET /campaigns/{id}', `/campaigns/${created.id}`), 'current');
    ok(
      await client.call('PUT /campaigns/{id}', `/campaigns/${created.id}`, {
        body: fromForm({ ...formValues, ...current, tagListId: 'Nenhuma', scheduledAt: now }),
      }),
      'schedule now',
    );
    await hear(
      channel('campaign'),
      (p) => p.record?.id === created.id && p.record?.status === 'EM_ANDAMENTO',
      'the start',
    );
    ok(await client.call('POST /campaigns/{id}/cancel', `/campaigns/${created.id}/cancel`), 'cancel');
    await hear(channel('campaign'), (p) => p.record?.id === created.id && p.record?.status === 'CANCELADA');
    // A cancelled campaign's dialog still saves its texts: the whole form as read comes back (the
    // schedule to the minute, as its date-time field holds it; the report's lists included).
    const cancelled = ok(await client.call('GET /campaigns/{id}', `/campaigns/${created.id}`), 'cancelled');
    expect(cancelled.shipping).toHaveLength(2);
    const minute = new Date(cancelled.scheduledAt).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    ok(
      await client.call('PUT /campaigns/{id}', `/campaigns/${created.id}`, {
        body: fromForm({
          ...formValues,
          ...cancelled,
          tagListId: cancelled.tagId || 'Nenhuma',
          scheduledAt: `${minute.slice(0, 16)}:00`,
          message1: 'Última chance, {{firstName}}!',
        }),
      }),
      'edit a cancelled campaign',
    );
    await hear(channel('campaign'), (p) => p.record?.message1 === 'Última chance, {{firstName}}!');
    ok(await client.call('POST /campaigns/{id}/restart', `/campaigns/${created.id}/restart`), 'restart');

    // The report: the contacts of the list (isWhatsappValid) and the shipping rows (deliveredAt).
    const report = await eventually(
      async () => {
        const r = ok(await client.call('GET /campaigns/{id}', `/campaigns/${created.id}`), 'report');
        return r.shipping?.length === 2 ? r : undefined;
      },
      10_000,
      'the shipping rows',
    );
    expect(report.contactList.contacts).toHaveLength(2);
    expect(report.contactList.contacts.filter((c: any) => c.isWhatsappValid)).toHaveLength(2);
    for (const s of report.shipping) expect(s).toHaveProperty('deliveredAt');
    expect(report.whatsapp.name).toBe(connection.name);

    expect((await client.call('DELETE /campaigns/{id}', `/campaigns/${created.id}`)).status).toBeLessThan(300);
    await hear(channel('campaign'), (p) => p.action === 'delete' && +p.id === created.id);
  });
});

describe('flows: list, editor and media', () => {
  it('creates, renames, duplicates and deletes flows; saves and reads a graph as the editor holds it', async () => {
    const queue = await clientQueue();
    const created = ok(
      await client.call('POST /flowbuilder', '/flowbuilder', { body: { name: 'Boas-vindas' } }),
      'POST',
    );
    ok(
      await client.call('PUT /flowbuilder', '/flowbuilder', { body: { name: 'Boas-vindas loja', flowId: created.id } }),
      'PUT',
    );
    const page = ok(await client.call('GET /flowbuilder', '/flowbuilder'), 'GET /flowbuilder');
    expect(page.hasMore).toBe(false);
    expect(page.flows.find((f: any) => f.id === created.id)).toMatchObject({ name: 'Boas-vindas loja', active: true });

    // Before the first save: flow.flow is null.
    const empty = ok(await client.call('GET /flowbuilder/flow/{id}', `/flowbuilder/flow/${created.id}`), 'GET graph');
    expect(empty.flow.flow).toBeNull();

    // Media as the node dialogs send them: fromMe, then each file in `medias` with its name as `body`.
    const upload = async (row: SpecCall, path: string, files: Array<[Buffer, string, string]>) => {
      const form = new FormData();
      form.append('fromMe', 'true');
      for (const [data, type, name] of files) {
        form.append('medias', blob(data, type), name);
        form.append('body', name);
      }
      return ok(await client.call(row, path, { form }), row);
    };
    const img = await upload('POST /flowbuilder/img', '/flowbuilder/img', [[PNG, 'image/png', 'fachada.png']]);
    expect(img.name).toEqual(expect.any(String));
    const audio = await upload('POST /flowbuilder/audio', '/flowbuilder/audio', [[OGG, 'audio/ogg', 'ola.ogg']]);
    expect(audio.name).toEqual(expect.any(String));
    const content = await upload('POST /flowbuilder/content', '/flowbuilder/content', [
      [PNG, 'image/png', 'promo.png'],
      [MP4, 'video/mp4', 'video.mp4'],
    ]);
    expect(content).toEqual([expect.any(String), expect.any(String)]);

    // The canvas as xyflow holds it: sizes, positionAbsolute, the click's style; edges with their
    // null handles and the editor's own edge ids.
    const ids = {
      msg: nodeId(),
      menu: nodeId(),
      wait: nodeId(),
      img: nodeId(),
      audio: nodeId(),
      block: nodeId(),
      ask: nodeId(),
      rnd: nodeId(),
      tkt: nodeId(),
    };
    const canvas = (id: string, type: string, x: number, data: unknown) => ({
      id,
      type,
      position: { x, y: 100 },
      positionAbsolute: { x, y: 100 },
      width: 240,
      height: 120,
      selected: false,
      dragging: false,
      data,
      style: { backgroundColor: '#13111C', padding: 0, borderRadius: 8 },
    });
    const nodes = [
      canvas('1', 'start', 250, { label: 'Inicio do fluxo' }),
      canvas(ids.msg, 'message', 530, { label: 'Olá {{firstName}}!' }),
      canvas(ids.menu, 'menu', 810, {
        message: 'Escolha:',
        arrayOption: [
          { number: 1, value: 'Ver fotos' },
          { number: 2, value: 'Falar com alguém' },
        ],
      }),
      canvas(ids.wait, 'interval', 1090, { sec: '5', label: 'Intervalo 5 seg' }),
      canvas(ids.img, 'img', 1370, { url: img.name }),
      canvas(ids.audio, 'audio', 1650, { url: audio.name, record: true }),
      canvas(ids.block, 'singleBlock', 1930, {
        seq: ['message0', 'interval1', 'img2', 'video3'],
        elements: [
          { number: 'message0', value: 'Veja:' },
          { number: 'interval1', value: '3' },
          { number: 'img2', value: content[0], original: 'promo.png' },
          { number: 'video3', value: content[1], original: 'video.mp4' },
        ],
      }),
      canvas(ids.ask, 'question', 2210, { typebotIntegration: { message: 'Qual o seu e-mail?', answerKey: 'email' } }),
      canvas(ids.rnd, 'randomizer', 2490, { percent: 50 }),
      canvas(ids.tkt, 'ticket', 2770, { data: { ...queue } }),
    ];
    const edge = (source: string, target: string, sourceHandle: string | null = null) => ({
      source,
      sourceHandle,
      target,
      targetHandle: null,
      id: `reactflow__edge-${source}${sourceHandle ?? ''}-${target}`,
      type: 'buttonedge',
      animated: true,
      style: { stroke: '#8a8a8a', strokeWidth: 2 },
      data: {},
    });
    const connections = [
      edge('1', ids.msg),
      edge(ids.msg, ids.menu),
      edge(ids.menu, ids.wait, 'a1'),
      edge(ids.menu, ids.tkt, 'a2'),
      edge(ids.wait, ids.img),
      edge(ids.img, ids.audio),
      edge(ids.audio, ids.block),
      edge(ids.block, ids.ask),
      edge(ids.ask, ids.rnd),
      edge(ids.rnd, ids.tkt, 'a'),
    ];
    ok(
      await client.call('POST /flowbuilder/flow', '/flowbuilder/flow', {
        body: { idFlow: String(created.id), nodes, connections },
      }),
      'POST /flowbuilder/flow',
    );
    const graph = ok(await client.call('GET /flowbuilder/flow/{id}', `/flowbuilder/flow/${created.id}`), 'graph');
    expect(graph.flow.flow.nodes.map((n: any) => [n.id, n.type, n.position])).toEqual(
      nodes.map((n) => [n.id, n.type, n.position]),
    );
    expect(graph.flow.flow.connections.map((c: any) => [c.source, c.target])).toEqual(
      connections.map((c) => [c.source, c.target]),
    );
    // The editor keeps the question nodes' answer keys from here.
    const questions = graph.flow.flow.nodes.filter((n: any) => n.type === 'question');
    expect(questions.map((n: any) => n.data.typebotIntegration.answerKey)).toEqual(['email']);

    const copy = ok(
      await client.call('POST /flowbuilder/duplicate', '/flowbuilder/duplicate', { body: { flowId: created.id } }),
      'dup',
    );
    expect(copy).toMatchObject({ id: expect.any(Number) });
    expect((await client.call('DELETE /flowbuilder/{id}', `/flowbuilder/${copy.id}`)).status).toBeLessThan(300);
  });

  it('lists, creates, reads, edits and deletes flow campaigns as the phrase dialog sends them', async () => {
    const connection = await sandboxConnection();
    const flow = ok(
      await client.call('POST /flowbuilder', '/flowbuilder', { body: { name: `Fluxo ${uid()}` } }),
      'flow',
    );
    const whatsapps = ok(
      await client.call('GET /whatsapp', '/whatsapp', { params: { companyId: tenant.companyId, session: 0 } }),
      'pickers',
    );
    expect(whatsapps.map((w: any) => w.id)).toContain(connection.id);
    const created = ok(
      await client.call('POST /flowcampaign', '/flowcampaign', {
        body: { name: 'Promoção', flowId: flow.id, whatsappId: connection.id, phrase: 'quero promoção' },
      }),
      'POST /flowcampaign',
    );
    const listed = ok(await client.call('GET /flowcampaign', '/flowcampaign'), 'GET /flowcampaign');
    expect(listed.flow.find((f: any) => f.id === created.id)).toMatchObject({
      name: 'Promoção',
      phrase: 'quero promoção',
      status: true,
    });
    const shown = ok(await client.call('GET /flowcampaign/{id}', `/flowcampaign/${created.id}`), 'GET one');
    expect(shown.details).toMatchObject({ name: 'Promoção', phrase: 'quero promoção', flowId: flow.id, status: true });
    ok(
      await client.call('PUT /flowcampaign', '/flowcampaign', {
        body: {
          id: created.id,
          name: 'Promoção',
          flowId: flow.id,
          whatsappId: connection.id,
          phrase: 'promo',
          status: false,
        },
      }),
      'PUT /flowcampaign',
    );
    expect(
      ok(await client.call('GET /flowcampaign/{id}', `/flowcampaign/${created.id}`), 'after').details,
    ).toMatchObject({
      phrase: 'promo',
      status: false,
    });
    expect((await client.call('DELETE /flowcampaign/{id}', `/flowcampaign/${created.id}`)).status).toBeLessThan(300);
  });
});

describe('external message API', () => {
  it("sends a text (JSON) and a file (multipart) with the connection's token", async () => {
    const connection = await sandboxConnection();
    const api = client.as(connection.token);
    const number = newNumber();
    ok(await api.call('POST /messages/send', '/messages/send', { body: { number, body: 'Olá da API!' } }), 'JSON');
    const form = new FormData();
    form.append('number', number);
    form.append('body', 'catalogo.png');
    form.append('medias', blob(PNG, 'image/png'), 'catalogo.png');
    ok(await api.call('POST /messages/send', '/messages/send', { form }), 'multipart');
  });
});

describe('the automation table', () => {
  it('every row was replayed (or is listed as not served)', () => {
    expectEveryCallReplayed('automation', replayed);
  });
});
