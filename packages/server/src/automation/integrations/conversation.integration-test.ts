import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, linkConnectionQueues, type Tenant } from '../../../test/support/factories.js';
import { insertQueue, phone } from '../../../test/support/inbox.js';
import { eventually } from '../../../test/support/eventually.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import {
  OFFERS_URL,
  startFakeTypebot,
  TYPEBOT_IMAGE,
  TYPEBOT_PUBLIC_ID,
  type FakeTypebot,
} from '../../../test/support/fake-typebot.js';
import { startFakeDialogflow, type FakeDialogflow } from '../../../test/support/fake-dialogflow.js';
import { cloudChat, connectedCloud, insertIntegration } from '../../../test/support/integrations.js';
import { edge, insertFlow, insertFlowCampaign, node } from '../../../test/support/flows.js';
import { pairedSandbox, sandboxCustomer } from '../../../test/support/sandbox-phone.js';

// Typebot, Dialogflow and flowbuilder integrations as the customer sees them: Cloud API webhook
// deliveries in, sends at the Graph fake out, the services' fakes answering over HTTP.

let graph: FakeGraph;
let typebot: FakeTypebot;
let dialogflow: FakeDialogflow;
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  graph = await startFakeGraph();
  typebot = await startFakeTypebot();
  dialogflow = await startFakeDialogflow();
  t = await startTestApp({
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    DIALOGFLOW_API_URL: dialogflow.url,
    FLOW_SWEEP_MS: '100',
  });
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t?.stop();
  await Promise.all([graph?.close(), typebot?.close(), dialogflow?.close()]);
});

const q = async (sql: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(sql, params)).rows;

const ticketOf = async (number: string) =>
  (
    await q(
      `select t.* from tickets t join contacts c on c.id = t.contact_id where c.number = $1 order by t.id desc limit 1`,
      [number],
    )
  )[0];
const sessionOf = async (ticketId: number) =>
  (await q('select * from integration_sessions where ticket_id = $1', [ticketId]))[0];
const notesOf = async (ticketId: number) =>
  (await q('select note, user_id from ticket_notes where ticket_id = $1', [ticketId])).map((n) => n.note as string);

const DELAY_MS = 400;
const OPENING = [
  'Olá! Eu sou o *Bot* da _Loja_.',
  `Veja as ofertas (${OFFERS_URL})`,
  '[image]',
  'Com quem deseja falar?',
  '*1* - Vendas\n*2* - Suporte',
];
const UNKNOWN = 'Não entendi, responda com o número.';

function typebotIntegration(patch: Partial<Parameters<typeof insertIntegration>[2]> = {}) {
  return insertIntegration(t, tenant.companyId, {
    type: 'typebot',
    urlN8N: typebot.url,
    typebotSlug: TYPEBOT_PUBLIC_ID,
    typebotDelayMessage: DELAY_MS,
    typebotExpires: 1,
    typebotKeywordFinish: 'sair',
    typebotKeywordRestart: 'recomeçar',
    typebotRestartMessage: 'Vamos recomeçar!',
    typebotUnknownMessage: UNKNOWN,
    ...patch,
  });
}

describe('a Typebot integration on the connection', () => {
  let chat: ReturnType<typeof cloudChat>;
  let integration: Awaited<ReturnType<typeof typebotIntegration>>;

  beforeAll(async () => {
    integration = await typebotIntegration();
    // No queues: once the typebot lets go, nothing else speaks (the chatbot has no menu here).
    const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
    chat = cloudChat(t, graph, conn);
  });

  it('opens with its bubbles in order, spaced by the delay: marks as WhatsApp, the image as an image, choices numbered', async () => {
    const number = phone();
    const starts = typebot.starts().length;
    await chat.says(number, 'oi');
    expect(await chat.until(number, 5)).toEqual(OPENING);
    expect(typebot.starts()).toHaveLength(starts + 1);
    expect(typebot.starts().at(-1)!.body).toEqual({ textBubbleContentFormat: 'richText' });

    const ticket = await ticketOf(number);
    const queued = await q(
      `select body, media_type, created_at, data from messages where ticket_id = $1 and from_me order by id`,
      [ticket.id],
    );
    // All of it the bot's; the third an image.
    expect(queued.map((m) => [m.media_type, m.data])).toEqual([
      ['chat', { bot: true }],
      ['chat', { bot: true }],
      ['image', { bot: true, mimetype: 'image/png' }],
      ['chat', { bot: true }],
      ['chat', { bot: true }],
    ]);
    const gaps = queued
      .slice(1)
      .map((m, i) => new Date(m.created_at).getTime() - new Date(queued[i].created_at).getTime());
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(DELAY_MS - 30);
      expect(gap).toBeLessThan(DELAY_MS + 1_500);
    }
    // The image went as an image: uploaded to the provider, its bytes Typebot's.
    const image = chat.sends(number).find((s) => s.body.type === 'image')!;
    expect(image.body.image.id).toBeTruthy();
    expect(graph.uploads.get(image.body.image.id)?.data.equals(TYPEBOT_IMAGE)).toBe(true);
    const session = await sessionOf(ticket.id);
    expect(session).toMatchObject({ integration_id: integration.id, choices: ['Vendas', 'Suporte'], pending: [] });
    expect(session.session_id).toBeTruthy();

    // The number picks the item: its text goes to Typebot, in the documented message form.
    await chat.says(number, '2');
    expect((await chat.until(number, 6))[5]).toBe('Você escolheu Suporte. Qual é o seu nome?');
    const continued = typebot.continues(session.session_id);
    expect(continued.at(-1)!.body).toEqual({
      message: { type: 'text', text: 'Suporte' },
      textBubbleContentFormat: 'richText',
    });

    // The bot's flow ends: its last words, then the ticket waits for attendants.
    await chat.says(number, 'Ana');
    expect((await chat.until(number, 7))[6]).toBe('Obrigado, Ana!');
    await eventually(async () => (await ticketOf(number)).integration_id === null, 5_000, 'the typebot let go');
    expect(await ticketOf(number)).toMatchObject({ status: 'pending', user_id: null });
    await chat.says(number, 'obrigada!');
    await chat.quiet(number, 7, 1_000);
    expect(typebot.continues(session.session_id)).toHaveLength(2);
  });

  it("the item's text picks it too; an unknown answer gets the unknown message, Typebot not asked", async () => {
    const number = phone();
    await chat.says(number, 'bom dia');
    await chat.until(number, 5);
    const before = typebot.continues().length;
    await chat.says(number, 'talvez');
    expect((await chat.until(number, 6))[5]).toBe(UNKNOWN);
    expect(typebot.continues()).toHaveLength(before);
    await chat.says(number, '  VENDAS ');
    expect((await chat.until(number, 7))[6]).toBe('Você escolheu Vendas. Qual é o seu nome?');
    expect(typebot.continues().at(-1)!.text).toBe('Vendas');
  });

  it('the finish keyword (case and accents aside) ends it: attendants, nothing more sent', async () => {
    const number = phone();
    await chat.says(number, 'olá');
    await chat.until(number, 5);
    const ticket = await ticketOf(number);
    const requests = typebot.requests.length;
    await chat.says(number, ' SAIR ');
    await eventually(async () => (await ticketOf(number)).integration_id === null, 5_000, 'the typebot let go');
    expect(await ticketOf(number)).toMatchObject({ status: 'pending', user_id: null });
    expect(await sessionOf(ticket.id)).toBeUndefined();
    await chat.says(number, 'alguém aí?');
    await chat.quiet(number, 5, 1_500);
    expect(typebot.requests).toHaveLength(requests);
  });

  it('the restart keyword: the restart message, then a new session opens', async () => {
    const number = phone();
    await chat.says(number, 'oi');
    await chat.until(number, 5);
    const ticket = await ticketOf(number);
    const first = (await sessionOf(ticket.id)).session_id;
    await chat.says(number, 'Recomecar');
    expect(await chat.until(number, 11)).toEqual([...OPENING, 'Vamos recomeçar!', ...OPENING]);
    const second = (await sessionOf(ticket.id)).session_id;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('after typebotExpires minutes of silence (the session’s own clock) a message opens a new session', async () => {
    const number = phone();
    await chat.says(number, 'oi');
    await chat.until(number, 5);
    const ticket = await ticketOf(number);
    const first = (await sessionOf(ticket.id)).session_id;
    await q(`update integration_sessions set last_seen_at = now() - interval '61 seconds' where ticket_id = $1`, [
      ticket.id,
    ]);
    const continues = typebot.continues().length;
    await chat.says(number, '1');
    expect(await chat.until(number, 10)).toEqual([...OPENING, ...OPENING]);
    expect(typebot.continues()).toHaveLength(continues);
    expect((await sessionOf(ticket.id)).session_id).not.toBe(first);
  });

  it('a session Typebot no longer knows (404): the unknown message, and the next message opens a new one', async () => {
    const number = phone();
    await chat.says(number, 'oi');
    await chat.until(number, 5);
    const ticket = await ticketOf(number);
    typebot.dropSession((await sessionOf(ticket.id)).session_id);
    await chat.says(number, '1');
    expect((await chat.until(number, 6))[5]).toBe(UNKNOWN);
    expect(typebot.continues().at(-1)!.status).toBe(404);
    await chat.says(number, 'oi?');
    expect(await chat.until(number, 11)).toEqual([...OPENING, UNKNOWN, ...OPENING]);
  });

  it("an attendant's accept stops the bot: the next message reaches no integration", async () => {
    const number = phone();
    await chat.says(number, 'oi');
    await chat.until(number, 5);
    const ticket = await ticketOf(number);
    const accepted = await tenant.admin.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', integrationId: null });
    expect(await sessionOf(ticket.id)).toBeUndefined();
    const requests = typebot.requests.length;
    await chat.says(number, '1');
    await chat.quiet(number, 5, 1_500);
    expect(typebot.requests).toHaveLength(requests);
  });

  it('Typebot not answering: the ticket goes to attendants with a note, never a half answer', async () => {
    const number = phone();
    typebot.failNext(3);
    await chat.says(number, 'oi');
    const ticket = await eventually(async () => {
      const row = await ticketOf(number);
      return row.integration_id === null && row;
    }, 10_000);
    expect(await notesOf(ticket.id)).toEqual([
      `Integração ${integration.name}: o Typebot não respondeu; o atendimento segue com os atendentes.`,
    ]);
    await chat.quiet(number, 0, 500);
  });
});

describe('Typebot entered from elsewhere', () => {
  it('a transfer to its queue opens it at once; the connection’s chatbot stays silent', async () => {
    const integration = await typebotIntegration({ typebotDelayMessage: 0 });
    const queue = await insertQueue(t, tenant.companyId, { name: 'Assistente', integrationId: integration.id });
    const other = await insertQueue(t, tenant.companyId, { name: 'Balcão' });
    const conn = await connectedCloud(t, tenant.companyId, { greetingMessage: 'Escolha:' });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [other.id]);
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'oi');
    const ticket = await ticketOf(number);
    const moved = await tenant.admin.api.put(`/api/tickets/${ticket.id}`, { queueId: queue.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await chat.until(number, 5)).toEqual(OPENING);
    await chat.says(number, '1');
    expect((await chat.until(number, 6))[5]).toBe('Você escolheu Vendas. Qual é o seu nome?');
  });

  it("a flow's typebot node hands the conversation to the integration it names", async () => {
    const integration = await typebotIntegration({ name: 'Assistente da Loja', typebotDelayMessage: 0 });
    const conn = await connectedCloud(t, tenant.companyId);
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('hi', 'message', { label: 'Vou te passar para o nosso assistente' }),
        node('bot', 'typebot', { typebotIntegration: { name: ' assistente da loja ' } }),
      ],
      connections: [edge('1', 'hi'), edge('hi', 'bot')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'assistente' });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'Quero o assistente');
    expect(await chat.until(number, 6)).toEqual(['Vou te passar para o nosso assistente', ...OPENING]);
    const ticket = await ticketOf(number);
    expect(ticket.integration_id).toBe(integration.id);
    expect((await q('select status, end_reason from flow_runs where ticket_id = $1', [ticket.id]))[0]).toEqual({
      status: 'done',
      end_reason: 'handover',
    });
  });

  it('a typebot node naming no integration: attendants, with a note', async () => {
    const conn = await connectedCloud(t, tenant.companyId);
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [node('1', 'start', {}), node('bot', 'typebot', { typebotIntegration: { name: 'Não existe' } })],
      connections: [edge('1', 'bot')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'robô' });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'robô');
    const ticket = await eventually(
      async () =>
        (
          await q(
            'select * from ticket_notes n join tickets t on t.id = n.ticket_id join contacts c on c.id = t.contact_id where c.number = $1',
            [number],
          )
        )[0],
      5_000,
    );
    expect(ticket.note).toContain('"Não existe" não foi encontrada');
    expect((await ticketOf(number)).integration_id).toBeNull();
  });

  it('chatting from the sandbox phone', async () => {
    const integration = await typebotIntegration({ typebotDelayMessage: 0 });
    const sandbox = await pairedSandbox(t, tenant, { integrationId: integration.id });
    const customer = sandboxCustomer(t, tenant.admin.api, sandbox, 'Ana Souza');
    await customer.says('Olá');
    await eventually(async () => (await customer.received()).length >= 5, 10_000, 'the opening');
    await customer.says('Suporte');
    await eventually(async () => (await customer.received()).length >= 6, 10_000, 'the answer');
    expect(await customer.received()).toEqual([
      OPENING[0],
      OPENING[1],
      'logo.png',
      OPENING[3],
      OPENING[4],
      'Você escolheu Suporte. Qual é o seu nome?',
    ]);
  });
});

describe('a Dialogflow integration', () => {
  it('answers with the fulfillment texts in order, in its language, the ticket as the session, one token for many messages', async () => {
    const account = dialogflow.serviceAccount();
    dialogflow.answer((text) => [`Hola, dijiste: ${text}`, '¿Algo más?']);
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'dialogflow',
      projectName: account.keyFile.project_id,
      jsonContent: JSON.stringify(account.keyFile),
      language: 'es',
    });
    const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    const tokens = dialogflow.counts.tokenRequests;
    await chat.says(number, 'hola');
    expect(await chat.until(number, 2)).toEqual(['Hola, dijiste: hola', '¿Algo más?']);
    await chat.says(number, 'quiero una mesa');
    expect(await chat.until(number, 4)).toEqual([
      'Hola, dijiste: hola',
      '¿Algo más?',
      'Hola, dijiste: quiero una mesa',
      '¿Algo más?',
    ]);
    const ticket = await ticketOf(number);
    const mine = dialogflow.detects.filter((d) => d.sessionId === String(ticket.id));
    expect(mine.map((d) => [d.text, d.languageCode, d.projectId])).toEqual([
      ['hola', 'es', account.keyFile.project_id],
      ['quiero una mesa', 'es', account.keyFile.project_id],
    ]);
    expect(dialogflow.counts.tokenRequests).toBe(tokens + 1);
    await chat.quiet(number, 4, 500);
  });

  it('an agent that keeps failing: attendants, with a note', async () => {
    const account = dialogflow.serviceAccount();
    dialogflow.answer(() => ({ status: 500, message: 'backend error' }));
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'dialogflow',
      jsonContent: JSON.stringify(account.keyFile),
    });
    const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'olá');
    const ticket = await eventually(async () => {
      const row = await ticketOf(number);
      return row.integration_id === null && row;
    }, 10_000);
    const [note] = await notesOf(ticket.id);
    expect(note).toMatch(new RegExp(`^Integração ${integration.name}: o Dialogflow não respondeu`));
    expect(ticket).toMatchObject({ status: 'pending', user_id: null });
    await chat.quiet(number, 0, 500);
  });
});

describe('a flowbuilder integration', () => {
  const askFlow = () =>
    insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('hi', 'message', { label: 'Bem-vindo ao fluxo, {{firstName}}' }),
        node('ask', 'question', { typebotIntegration: { message: 'Qual o seu pedido?', answerKey: 'pedido' } }),
        node('done', 'message', { label: 'Pedido {{pedido}} anotado' }),
      ],
      connections: [edge('1', 'hi'), edge('hi', 'ask'), edge('ask', 'done')],
    });

  it('entering its queue by the menu starts the flow, which then holds the ticket', async () => {
    const flow = await askFlow();
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'flowbuilder',
      jsonContent: JSON.stringify({ flowId: flow.id }),
    });
    const plain = await insertQueue(t, tenant.companyId, { name: 'Recepção', orderQueue: 1 });
    const held = await insertQueue(t, tenant.companyId, {
      name: 'Pedidos',
      orderQueue: 2,
      integrationId: integration.id,
    });
    const conn = await connectedCloud(t, tenant.companyId, { greetingMessage: 'Escolha um setor:' });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [plain.id, held.id]);
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'oi');
    await chat.until(number, 1);
    await chat.says(number, '2');
    expect((await chat.until(number, 3)).slice(1)).toEqual(['Bem-vindo ao fluxo, Maria', 'Qual o seu pedido?']);
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ queue_id: held.id, integration_id: null });
    await chat.says(number, 'duas pizzas');
    expect((await chat.until(number, 4))[3]).toBe('Pedido duas pizzas anotado');
    await chat.quiet(number, 4, 500);
  });

  it('on the connection, the first message starts it (and is the run’s, not answered twice)', async () => {
    const flow = await askFlow();
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'flowbuilder',
      jsonContent: JSON.stringify({ flowId: flow.id }),
    });
    const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'boa tarde');
    expect(await chat.until(number, 2)).toEqual(['Bem-vindo ao fluxo, Maria', 'Qual o seu pedido?']);
    const ticket = await ticketOf(number);
    const [run] = await q('select * from flow_runs where ticket_id = $1', [ticket.id]);
    const [first] = await q('select id from messages where ticket_id = $1 and not from_me order by id limit 1', [
      ticket.id,
    ]);
    expect(run).toMatchObject({ status: 'waiting', waiting: 'input', last_message_id: first.id });
    expect(ticket.integration_id).toBeNull();
    await chat.quiet(number, 2, 500);
  });

  it('a flow that is gone: attendants, with a note', async () => {
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'flowbuilder',
      jsonContent: JSON.stringify({ flowId: 2_000_000 }),
    });
    const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'oi');
    const ticket = await eventually(async () => {
      const row = await ticketOf(number);
      return row.integration_id === null && row;
    }, 5_000);
    expect((await notesOf(ticket.id))[0]).toContain('o fluxo 2000000 não existe');
  });
});
