import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createTenant } from '../../../test/support/factories.js';
import { createAtendechatDatabase } from '../../../test/support/atendechat-db.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { SUPER_EMAIL } from '../../../test/support/app.js';

let t: TestApp;
let source: Awaited<ReturnType<typeof createAtendechatDatabase>>;
let owner: pg.Pool;
const OLD_PASSWORD = 'senha-antiga';
const at = (minute: number) => new Date(Date.UTC(2024, 0, 10, 12, minute)).toISOString();
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Two good companies around a broken one (no name: a fork's loose column). */
async function seedSource(db: pg.Client) {
  const hash = bcrypt.hashSync(OLD_PASSWORD, 4);
  await db.query(
    `insert into "Plans" (id, name, users, connections, queues, value) values (1, 'Plano Básico', 5, 2, 3, 49.9)`,
  );
  await db.query(`insert into "Companies" (id, name, email, "planId", "dueDate", recurrence) values
    (1, 'Loja Antiga', 'loja@antiga.test', 1, '2030-01-31 00:00:00', 'MENSAL'), (2, null, 'x@x.test', 1, null, ''),
    (3, 'Outra Loja', 'outra@loja.test', 1, null, ''), (4, 'Quarta Loja', 'q@loja.test', 1, null, ''),
    (5, 'Quinta Loja', 'v@loja.test', 1, null, '')`);
  await db.query(
    `insert into "Queues" (id, name, color, "companyId") values (1, 'Vendas', '#ff0000', 1), (2, 'Suporte', '#00ff00', 1)`,
  );
  await db.query(`insert into "Whatsapps" (id, name, status, "isDefault", session, "companyId")
    values (1, 'Principal', 'CONNECTED', true, 'old-session', 1)`);
  await db.query(`insert into "WhatsappQueues" ("whatsappId", "queueId") values (1, 1)`);
  await db.query(
    `insert into "Users" (id, name, email, "passwordHash", profile, super, "companyId") values
      (1, 'Ana', 'ana@loja.test', $1, 'admin', false, 1), (2, 'Bruno', 'bruno@loja.test', $1, 'user', false, 1),
      (3, 'Root', 'root@loja.test', $1, 'admin', true, 1), (4, 'Olga', 'olga@outra.test', $1, 'admin', false, 3),
      (5, 'Vera', 'vera@quinta.test', $1, 'admin', false, 5)`,
    [hash],
  );
  await db.query(`insert into "UserQueues" ("userId", "queueId") values (1, 1), (1, 2)`);
  await db.query(`insert into "Contacts" (id, name, number, "isGroup", "extraFork", "companyId") values
    (1, 'Maria', '+55 (11) 94444-3333', false, 'x', 1), (2, 'João', '5521988887777', false, null, 1),
    (3, 'Grupo', '120363000000000000', true, null, 1), (4, 'Sem número', 'abc', false, null, 1),
    (5, 'Pedro', '5511933332222', false, null, 3)`);
  await db.query(`insert into "Tags" (id, name, color, kanban, "companyId") values (1, 'VIP', '#123456', 1, 1)`);
  await db.query(`insert into "Tickets" (id, status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", "createdAt", "updatedAt") values
    (1, 'open', 'Oi de novo', 1, 1, 1, 1, 1, '${at(0)}', '${at(3)}'),
    (2, 'pending', 'foto', 2, null, 1, null, 1, '${at(4)}', '${at(4)}'),
    (3, 'closed', 'Tchau', 1, 1, 1, 1, 1, '${at(-60)}', '${at(-50)}'),
    (4, 'open', 'Olá', 5, 4, null, null, 3, '${at(5)}', '${at(5)}')`);
  await db.query(`insert into "TicketTags" ("ticketId", "tagId") values (1, 1)`);
  await db.query(`insert into "Messages" (id, body, ack, read, "mediaType", "mediaUrl", "fromMe", "quotedMsgId", "ticketId", "contactId", "companyId", "createdAt", "updatedAt") values
    ('Z-LAST', 'Oi de novo', 0, false, 'chat', null, false, 'GONE', 1, 1, 1, '${at(3)}', '${at(3)}'),
    ('A-FIRST', 'Oi', 4, true, 'chat', null, false, null, 1, 1, 1, '${at(1)}', '${at(1)}'),
    ('M-REPLY', 'Olá, Maria', 3, true, 'chat', null, true, 'A-FIRST', 1, 1, 1, '${at(2)}', '${at(2)}'),
    ('P-PHOTO', 'foto.jpg', 2, false, 'image', 'foto.jpg', false, null, 2, 2, 1, '${at(4)}', '${at(4)}'),
    ('OLD', 'Tchau', 1, true, 'chat', null, true, null, 3, 1, 1, '${at(-50)}', '${at(-50)}'),
    ('O-1', 'Olá', 0, false, 'chat', null, false, null, 4, 5, 3, '${at(5)}', '${at(5)}')`);
  await db.query(
    `insert into "QuickMessages" (shortcode, message, geral, "userId", "companyId") values ('oi', 'Olá!', true, 1, 1)`,
  );
  await db.query(`insert into "Schedules" (body, "sendAt", "sentAt", "contactId", "userId", "companyId", status) values
    ('Lembrete', '${FUTURE}', null, 1, 1, 1, 'PENDENTE'), ('Antigo', '${at(0)}', '${at(0)}', 2, 1, 1, 'ENVIADA')`);
  // Company 4's schedules cannot be read (a fork's broken view): its import stops there, the next company's goes on.
  await db.query(`alter table "Schedules" rename to "SchedulesData"`);
  await db.query(`create view "Schedules" as select s.*, 1 / ("companyId" - 4) as broken from "SchedulesData" s`);
  await db.query(
    `insert into "SchedulesData" (body, "sendAt", "companyId", status) values ('Quebrado', now(), 4, 'PENDENTE')`,
  );
  await db.query(`insert into "ContactLists" (id, name, "companyId") values (1, 'Clientes', 1)`);
  await db.query(`insert into "ContactListItems" (name, number, email, "contactListId", "companyId") values
    ('Carla', '(11) 95555-4444', '', 1, 1), ('Carla de novo', '5511955554444', '', 1, 1)`);
  await db.query(
    `insert into "Settings" (key, value, "companyId") values ('userRating', 'enabled', 1), ('wtf', 'x', 1)`,
  );
  await seedAutomation(db);
}

/** Company 1's bots, campaigns, notes, internal chat and invoices; the platform's content. */
async function seedAutomation(db: pg.Client) {
  await db.query(`insert into "QueueIntegrations" (id, type, name, "urlN8N", "companyId") values
    (1, 'n8n', 'Bot n8n', 'https://n8n.test/hook', 1), (2, 'weird', 'Estranha', null, 1)`);
  await db.query(`insert into "Prompts" (id, name, "apiKey", prompt, "queueId", "companyId") values
    (1, 'Assistente', 'sk-test', 'Seja gentil', 2, 1)`);
  await db.query(`update "Queues" set "integrationId" = 1 where id = 1`);
  await db.query(`update "Queues" set "promptId" = 1 where id = 2`);
  await db.query(`insert into "QueueOptions" (id, title, message, option, "queueId", "parentId") values
    (1, 'Comprar', 'Escolha', '1', 1, null), (2, 'Roupas', '', '1', 1, 1)`);
  await db.query(`insert into "Files" (id, "companyId", name, message) values (1, 1, 'Catálogo', 'Veja')`);
  await db.query(
    `insert into "FilesOptions" (name, path, "fileId", "mediaType") values ('PDF', 'catalogo.pdf', 1, 'application/pdf')`,
  );
  await db.query(`insert into "Campaigns" (id, name, message1, status, "contactListId", "whatsappId", "companyId") values
    (1, 'Promo', 'Olá {nome}', 'EM_ANDAMENTO', 1, 1, 1), (2, 'Velha', 'Oi', 'FINALIZADA', 1, 1, 1)`);
  await db.query(`insert into "TicketNotes" (note, "userId", "contactId", "ticketId") values ('Cliente VIP', 1, 1, 1)`);
  await db.query(
    `insert into "Chats" (id, title, "ownerId", "lastMessage", "companyId") values (1, 'Equipe', 1, 'Bom dia', 1)`,
  );
  await db.query(`insert into "ChatUsers" ("chatId", "userId", unreads) values (1, 1, 0), (1, 2, 1)`);
  await db.query(`insert into "ChatMessages" ("chatId", "senderId", message, "mediaName", "createdAt") values
    (1, 1, 'Bom dia', null, '${at(0)}'), (1, 2, '', 'foto.png', '${at(1)}')`);
  await db.query(`insert into "Invoices" (detail, status, value, "dueDate", "companyId") values
    ('Plano', 'paid', 49.9, '2024-01-10', 1), ('Plano', 'open', 49.9, '2024-02-10', 1)`);
  await db.query(
    `insert into "Announcements" (priority, title, text, "companyId", status) values (1, 'Manutenção', 'Sábado', 1, true)`,
  );
  await db.query(`insert into "Helps" (title, description, video) values ('Como usar', 'Vídeo', 'abc123')`);
  await db.query(`insert into "FlowBuilders" (user_id, name, company_id) values (1, 'Fluxo', 1)`);
}

async function runImport(dryRun: boolean, databaseUrl = source.url, mediaDir?: string): Promise<ImportView> {
  const api = t.api.as(await t.superToken());
  const res = await api.post('/api/imports/atendechat', { databaseUrl, dryRun, mediaDir });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const view = await api.get(`/api/imports/${res.body.id}`);
    expect(view.status).toBe(200);
    if (view.body.status !== 'running') return view.body as ImportView;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

const one = async (sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows[0];
const rows = async (sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows;

beforeAll(async () => {
  t = await startTestApp();
  owner = t.running.deps.pools.owner;
  source = await createAtendechatDatabase({ optional: true });
  await seedSource(source.db);
  await createPlan(t, { name: 'Plano Básico' });
});
afterAll(async () => {
  await t?.stop();
  await source?.drop();
});

const EXPECTED = {
  companies: 4,
  plans: 1,
  users: 5,
  queues: 2,
  userQueues: 2,
  connections: 1,
  // Contact 4 has no number.
  contacts: 4,
  tickets: 4,
  ticketTags: 1,
  messages: 6,
  tags: 1,
  quickMessages: 1,
  schedules: 2,
  contactLists: 1,
  // The list's two rows are the same number.
  contactListItems: 1,
  settings: 1,
  queueOptions: 2,
  // The second one's type is not one Balcão has.
  queueIntegrations: 1,
  prompts: 1,
  fileLists: 1,
  fileListOptions: 1,
  campaigns: 2,
  ticketNotes: 1,
  chats: 1,
  chatUsers: 2,
  chatMessages: 2,
  invoices: 2,
  announcements: 1,
  helps: 1,
};

describe('importing an Atendechat database', () => {
  it("is the platform operator's: 403 for a company admin, 400 for a bad body", async () => {
    const tenant = await createTenant(t);
    const res = await tenant.admin.api.post('/api/imports/atendechat', { databaseUrl: source.url, dryRun: true });
    expect(res.status).toBe(403);
    const api = t.api.as(await t.superToken());
    const bad = await api.post('/api/imports/atendechat', { databaseUrl: 'mysql://x', dryRun: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { databaseUrl: expect.any(String), dryRun: expect.any(String) },
    });
    expect((await api.get('/api/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('a dry run counts what would be imported and writes nothing', async () => {
    const before = await dbSnapshot(owner);
    const view = await runImport(true);
    expect(view).toMatchObject({ status: 'done', dryRun: true });
    // A dry run counts the rows it reads: the integration of an unknown type is refused only when written.
    expect(view.report).toMatchObject({ ...EXPECTED, queueIntegrations: 2 });
    expect(changedTables(before, await dbSnapshot(owner)).filter((x) => x !== 'imports')).toEqual([]);
  });

  it('imports every company but the broken one, with what people rely on', async () => {
    const view = await runImport(false);
    expect(view.status).toBe('done');
    expect(view.report, JSON.stringify(view.errors)).toMatchObject(EXPECTED);
    expect(view.report.perCompany.map((c) => [c.sourceId, c.status])).toEqual([
      [1, 'done'],
      [2, 'failed'],
      [3, 'done'],
      [4, 'failed'],
      [5, 'done'],
    ]);
    const reasons = view.errors.map((e) => `${e.entity}:${e.sourceId}:${e.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^companies:2:.*no name/),
        expect.stringMatching(/^companies:4:.*division by zero/),
        expect.stringMatching(/^plans:1:name "Plano Básico" in use: imported as "Plano Básico \(Atendechat\)"/),
        expect.stringMatching(/^contacts:4:no usable number/),
        expect.stringMatching(/^users:3:a super user/),
        expect.stringMatching(/^messages:null:1 attachments not found/),
        expect.stringMatching(/^settings:null:.*wtf=x/),
      ]),
    );

    const company = await one(
      `select c.id, c.due_date::text as due_date, p.name as plan from companies c join plans p on p.id = c.plan_id where c.name = 'Loja Antiga'`,
    );
    expect(company).toMatchObject({ due_date: '2030-01-31', plan: 'Plano Básico (Atendechat)' });
    const cid = company.id as number;
    expect(await one(`select value from settings where company_id = $1 and key = 'userRating'`, [cid])).toEqual({
      value: 'enabled',
    });

    // Users: never super; the one in no queue is there without queues.
    const users = await rows(`select email, profile, super from users where company_id = $1 order by email`, [cid]);
    expect(users).toEqual([
      { email: 'ana@loja.test', profile: 'admin', super: false },
      { email: 'bruno@loja.test', profile: 'user', super: false },
      { email: 'root@loja.test', profile: 'admin', super: false },
    ]);
    expect(
      await rows(
        `select u.email, q.name from user_queues uq join users u on u.id = uq.user_id join queues q on q.id = uq.queue_id where uq.company_id = $1 order by q.name`,
        [cid],
      ),
    ).toEqual([
      { email: 'ana@loja.test', name: 'Suporte' },
      { email: 'ana@loja.test', name: 'Vendas' },
    ]);

    // The connection waits for a new pairing; its queue kept.
    expect(
      await one(
        `select status, session_wanted, (select count(*)::int from whatsapp_queues wq where wq.whatsapp_id = w.id) as queues from whatsapps w where company_id = $1`,
        [cid],
      ),
    ).toEqual({
      status: 'DISCONNECTED',
      session_wanted: false,
      queues: 1,
    });

    // Numbers the product's way; the group kept.
    expect(
      (await rows(`select number from contacts where company_id = $1 order by number`, [cid])).map((r) => r.number),
    ).toEqual(['120363000000000000', '5511944443333', '5521988887777']);

    // Tickets: status, user, queue (or none), tags.
    const tickets = await rows(
      `select t.status, u.email, q.name as queue, c.number, (select string_agg(g.name, ',') from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id) as tags
         from tickets t join contacts c on c.id = t.contact_id left join users u on u.id = t.user_id left join queues q on q.id = t.queue_id
        where t.company_id = $1 order by t.created_at`,
      [cid],
    );
    expect(tickets).toEqual([
      { status: 'closed', email: 'ana@loja.test', queue: 'Vendas', number: '5511944443333', tags: null },
      { status: 'open', email: 'ana@loja.test', queue: 'Vendas', number: '5511944443333', tags: 'VIP' },
      { status: 'pending', email: null, queue: null, number: '5521988887777', tags: null },
    ]);

    // Messages in order, with direction, acks, times; the missing quote kept by id; the missing file said.
    const messages = await rows(
      `select m.external_id, m.body, m.from_me, m.ack, m.created_at, q.external_id as quoted, m.quoted_external_id, m.media_type, m.media_url
         from messages m join tickets t on t.id = m.ticket_id left join messages q on q.id = m.quoted_msg_id
        where m.company_id = $1 order by m.id`,
      [cid],
    );
    expect(messages.map((m) => m.external_id)).toEqual(['OLD', 'A-FIRST', 'M-REPLY', 'Z-LAST', 'P-PHOTO']);
    expect(messages.map((m) => (m.created_at as Date).toISOString())).toEqual([at(-50), at(1), at(2), at(3), at(4)]);
    expect(messages[2]).toMatchObject({ from_me: true, ack: 3, quoted: 'A-FIRST', quoted_external_id: null });
    expect(messages[3]).toMatchObject({ from_me: false, quoted: null, quoted_external_id: 'GONE' });
    expect(messages[4]).toMatchObject({
      media_type: 'chat',
      media_url: null,
      body: expect.stringContaining('[arquivo não importado: foto.jpg]'),
    });

    // Schedules: the pending one keeps its sendAt and waits; the sent one is never sent again.
    expect(
      await rows(
        `select body, status, send_at, dispatched_at is not null as dispatched from schedules where company_id = $1 order by body`,
        [cid],
      ),
    ).toEqual([
      { body: 'Antigo', status: 'ENVIADA', send_at: new Date(at(0)), dispatched: true },
      { body: 'Lembrete', status: 'PENDENTE', send_at: new Date(FUTURE), dispatched: false },
    ]);
    expect(await rows(`select number from contact_list_items where company_id = $1`, [cid])).toEqual([
      { number: '5511955554444' },
    ]);
    expect(await one(`select shortcode, message, geral from quick_messages where company_id = $1`, [cid])).toEqual({
      shortcode: 'oi',
      message: 'Olá!',
      geral: true,
    });

    // The company after the broken one is there too.
    expect(
      await one(`select count(*)::int as n from users where email in ('olga@outra.test', 'vera@quinta.test')`),
    ).toEqual({ n: 2 });
  });

  it('brings the bots, campaigns, notes, internal chat, invoices and the platform content along', async () => {
    const { id: cid } = await one(`select id from companies where name = 'Loja Antiga'`);
    const view = (await rows(`select errors from imports where not dry_run order by started_at desc limit 1`))[0]!
      .errors as ImportView['errors'];
    expect(view.map((e) => `${e.entity}:${e.sourceId}:${e.reason}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^queueIntegrations:2:.*type "weird"/),
        expect.stringMatching(/^campaigns:1:was EM_ANDAMENTO: imported stopped/),
        expect.stringMatching(/^fileListOptions:1:file "catalogo.pdf" not found/),
        expect.stringMatching(/^flows:null:1 flows of the flow builder not imported/),
      ]),
    );
    expect(
      await rows(
        `select q.name, p.name as prompt, i.name as integration from queues q left join prompts p on p.id = q.prompt_id
          left join queue_integrations i on i.id = q.integration_id where q.company_id = $1 order by q.name`,
        [cid],
      ),
    ).toEqual([
      { name: 'Suporte', prompt: 'Assistente', integration: null },
      { name: 'Vendas', prompt: null, integration: 'Bot n8n' },
    ]);
    expect(
      await one(
        `select type, url_n8n, (select count(*)::int from prompts where company_id = $1) as prompts
        from queue_integrations where company_id = $1`,
        [cid],
      ),
    ).toEqual({ type: 'n8n', url_n8n: 'https://n8n.test/hook', prompts: 1 });
    expect(
      await rows(
        `select o.title, p.title as parent from queue_options o left join queue_options p on p.id = o.parent_id
          where o.company_id = $1 order by o.id`,
        [cid],
      ),
    ).toEqual([
      { title: 'Comprar', parent: null },
      { title: 'Roupas', parent: 'Comprar' },
    ]);
    expect(
      await rows(
        `select f.name, o.name as option, o.path from file_lists f join file_list_options o on o.file_list_id = f.id where f.company_id = $1`,
        [cid],
      ),
    ).toEqual([{ name: 'Catálogo', option: 'PDF', path: null }]);
    expect(
      await rows(
        `select c.name, c.status, l.name as list from campaigns c left join contact_lists l on l.id = c.contact_list_id
          where c.company_id = $1 order by c.name`,
        [cid],
      ),
    ).toEqual([
      { name: 'Promo', status: 'INATIVA', list: 'Clientes' },
      { name: 'Velha', status: 'FINALIZADA', list: 'Clientes' },
    ]);
    expect(
      await rows(
        `select n.note, u.email, t.status from ticket_notes n join users u on u.id = n.user_id join tickets t on t.id = n.ticket_id where n.company_id = $1`,
        [cid],
      ),
    ).toEqual([{ note: 'Cliente VIP', email: 'ana@loja.test', status: 'open' }]);
    expect(
      await one(
        `select c.title, (select count(*)::int from chat_users u where u.chat_id = c.id) as members,
           (select array_agg(m.message order by m.id) from chat_messages m where m.chat_id = c.id) as messages
          from chats c where c.company_id = $1`,
        [cid],
      ),
    ).toEqual({ title: 'Equipe', members: 2, messages: ['Bom dia', '[arquivo não importado: foto.png]'] });
    expect(
      await rows(`select due_date::text, status from invoices where company_id = $1 order by due_date`, [cid]),
    ).toEqual([
      { due_date: '2024-01-10', status: 'paid' },
      { due_date: '2024-02-10', status: 'open' },
    ]);
    expect(await one(`select priority, text from announcements where title = 'Manutenção'`)).toEqual({
      priority: 1,
      text: 'Sábado',
    });
    expect(await one(`select video from helps where title = 'Como usar'`)).toEqual({ video: 'abc123' });
  });

  it('an imported user signs in with their old password, which is then rehashed', async () => {
    const before = await one(`select password_hash from users where email = 'ana@loja.test'`);
    expect(before.password_hash).toMatch(/^\$2[aby]\$/);
    const wrong = await t.api.post('/api/auth/login', { email: 'ana@loja.test', password: 'not-it' });
    expect(wrong.status).toBe(401);
    const res = await t.api.post('/api/auth/login', { email: 'ana@loja.test', password: OLD_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await one(`select password_hash from users where email = 'ana@loja.test'`);
    expect(after.password_hash).toMatch(/^scrypt\$/);
    const again = await t.api.post('/api/auth/login', { email: 'ana@loja.test', password: OLD_PASSWORD });
    expect(again.status).toBe(200);
    // And reads the old conversation through the API.
    const api = t.api.as(again.body.token);
    const tickets = await api.get('/api/tickets?status=closed&showAll=true');
    expect(tickets.status, JSON.stringify(tickets.body)).toBe(200);
  });

  it('importing the same source again adds nothing', async () => {
    const before = await dbSnapshot(owner);
    const view = await runImport(false);
    expect(view.status).toBe('done');
    const { perCompany: _, ...counts } = view.report;
    // The broken company is tried again (and fails again); nothing else is new.
    expect(
      Object.values(counts).every((n) => n === 0),
      JSON.stringify(counts),
    ).toBe(true);
    expect(changedTables(before, await dbSnapshot(owner)).filter((x) => x !== 'imports')).toEqual([]);
  });
});

describe('the operator hears how an import goes', () => {
  it('its progress and end reach super users, not a company', async () => {
    const token = await t.superToken();
    const { company_id: superCompanyId } = await one(`select company_id from users where email = $1`, [SUPER_EMAIL]);
    const superSocket = await connectSocket(t.url, token);
    const tenant = await createTenant(t);
    const tenantSocket = await connectSocket(t.url, tenant.admin.token);
    const tenantHeard: unknown[] = [];
    tenantSocket.on(`company-${tenant.companyId}-import`, (e: unknown) => tenantHeard.push(e));
    tenantSocket.on(`company-${superCompanyId as number}-import`, (e: unknown) => tenantHeard.push(e));
    try {
      const done = new Promise<{ action: string; import: ImportView }>((resolve) =>
        superSocket.on(`company-${superCompanyId as number}-import`, (e: { action: string; import: ImportView }) => {
          if (e.action === 'done') resolve(e);
        }),
      );
      const res = await t.api.as(token).post('/api/imports/atendechat', { databaseUrl: source.url, dryRun: true });
      expect(res.status).toBe(202);
      const event = await within(done, 10_000, "the import's end");
      expect(event.import).toMatchObject({ id: res.body.id, status: 'done', dryRun: true });
      expect(tenantHeard).toEqual([]);
    } finally {
      superSocket.close();
      tenantSocket.close();
    }
  });
});

describe('an Atendechat source with attachments, from the command line', () => {
  let media: Awaited<ReturnType<typeof createAtendechatDatabase>>;
  beforeAll(async () => {
    media = await createAtendechatDatabase();
    await media.db.query(`insert into "Plans" (id, name) values (1, 'Plano Mídia')`);
    await media.db.query(`insert into "Companies" (id, name, "planId") values (1, 'Loja com Fotos', 1)`);
    await media.db.query(
      `insert into "Contacts" (id, name, number, "companyId") values (1, 'Rita', '5511922221111', 1)`,
    );
    await media.db.query(`insert into "Tickets" (id, status, "contactId", "companyId") values (1, 'closed', 1, 1)`);
    await media.db
      .query(`insert into "Messages" (id, body, "mediaType", "mediaUrl", "ticketId", "contactId", "companyId") values
      ('IMG', 'recibo.png', 'image', 'recibo.png', 1, 1, 1)`);
  });
  afterAll(async () => {
    await media?.drop();
  });

  it('a source that cannot be read is refused at once, nothing recorded', async () => {
    const before = await dbSnapshot(owner);
    const api = t.api.as(await t.superToken());
    const res = await api.post('/api/imports/atendechat', { databaseUrl: `${source.url}_missing`, dryRun: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { databaseUrl: 'unreadable' } });
    expect(changedTables(before, await dbSnapshot(owner))).toEqual([]);
  });

  it('the CLI dry run prints the report and writes nothing but its record', async () => {
    const before = await dbSnapshot(owner);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/import-cli.ts', 'atendechat', media.url, '--dry-run'],
      { cwd: root, env: { ...process.env, DATABASE_URL: t.dbUrl, LOG_LEVEL: 'warn' }, timeout: 120_000 },
    );
    expect(stdout).toContain('dry run: nothing is written');
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { report: Record<string, number> };
    expect(report.report).toMatchObject({ companies: 1, contacts: 1, tickets: 1, messages: 1 });
    expect(changedTables(before, await dbSnapshot(owner)).filter((x) => x !== 'imports')).toEqual([]);
  });

  it('copies attachments from the media folder into storage', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atendechat-public-'));
    await writeFile(path.join(dir, 'recibo.png'), Buffer.from('png bytes'));
    const view = await runImport(false, media.url, dir);
    expect(view.status, JSON.stringify(view.errors)).toBe('done');
    const m = await one(`select media_type, media_url, media_name, body from messages where external_id = 'IMG'`);
    expect(m).toMatchObject({ media_type: 'image', media_name: 'recibo.png', body: 'recibo.png' });
    expect((await t.running.deps.storage.get(m.media_url as string)).toString()).toBe('png bytes');
  });
});
