import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_TRANSFER_PHRASE } from '@balcao/contracts';
import { startTestApp, sessionsOf, type TestApp } from '../../../test/support/app.js';
import {
  createPlan,
  createTenant,
  insertCloudConnection,
  linkConnectionQueues,
  type Tenant,
} from '../../../test/support/factories.js';
import { eventually } from '../../../test/support/eventually.js';
import { insertQueue, phone, putSetting } from '../../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/support/fake-openai.js';
import {
  change,
  delivery,
  entry,
  postDelivery,
  profile,
  text,
  wamid,
  nowSeconds,
} from '../../../test/support/cloud-webhook.js';
import { edge, insertFlow, insertFlowCampaign, node } from '../../../test/support/flows.js';
import { pairedSandbox, sandboxCustomer } from '../../../test/support/sandbox-phone.js';

// AI prompts as the customer sees them: Cloud API webhook deliveries in, the OpenAI-compatible
// fake answering, sends at the Graph fake out (and the sandbox phone once).

const SYSTEM =
  'Você é a atendente virtual da Pizzaria Balcão. Responda em português, com educação e em poucas palavras.';
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 7)]);
const TIMEOUT_MS = 1500;

let graph: FakeGraph;
let ai: FakeOpenAi;
let t: TestApp;
let tenant: Tenant;
let conn: Awaited<ReturnType<typeof insertCloudConnection>>;
let aiQueue: { id: number };
let humans: { id: number };
let promptId: number;

beforeAll(async () => {
  graph = await startFakeGraph();
  ai = await startFakeOpenAi();
  t = await startTestApp({
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    OPENAI_BASE_URL: ai.url,
    OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
    AZURE_TTS_URL: ai.ttsUrl,
    FLOW_SWEEP_MS: '100',
  });
  tenant = await createTenant(t, { planId: (await createPlan(t, { useOpenAi: true })).id });
  conn = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true });
  humans = await insertQueue(t, tenant.companyId, { name: 'Atendentes', greetingMessage: 'Um atendente já vem' });
  aiQueue = await insertQueue(t, tenant.companyId, { name: 'Pizzaria IA', greetingMessage: 'Bem-vindo à pizzaria' });
  // The only queue is joined in silence: the customer's first message goes on to the AI.
  await putSetting(tenant, 'sendGreetingMessageOneQueues', 'disabled');
  const created = await tenant.admin.api.post('/api/prompt', {
    name: 'Atendente virtual',
    prompt: SYSTEM,
    model: 'gpt-4o-mini',
    maxTokens: 150,
    temperature: 0.3,
    apiKey: 'sk-first-key',
    queueId: humans.id,
    maxMessages: 4,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  promptId = created.body.id;
  const queued = await tenant.admin.api.put(`/api/queue/${aiQueue.id}`, { promptId });
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  // The connection's only queue: a new customer joins it without a choice, and the AI answers.
  await linkConnectionQueues(t, tenant.companyId, conn.id, [aiQueue.id]);
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
  await ai?.close();
});
beforeEach(() => {
  ai.reset();
  ai.delay(0);
  ai.acceptKeys();
  ai.answerWith((call) => `Resposta ${ai.chats.indexOf(call) + 1}`);
});

const q = async (sql: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(sql, params)).rows;

async function post(number: string, message: Record<string, unknown>) {
  const payload = delivery(
    entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Maria Silva')], messages: [message] })),
  );
  const res = await postDelivery(t.url, conn.id, payload, conn.appSecret);
  expect(res.status).toBe(200);
}

/** The customer writes (one webhook delivery); resolves once it is stored (200). */
const says = (number: string, body: string) => post(number, text(number, body));

/** What reached this number, as text, in order. */
const received = (number: string) =>
  graph.sent
    .filter((s) => s.body.to === number)
    .map((s) => (s.body.type === 'text' ? s.body.text.body : `[${s.body.type}]`));

const until = (number: string, n: number, ms = 10_000) =>
  graph.until(() => received(number).length >= n && received(number), ms);

/** Completions whose last message is this customer's text (each test's customer is their own). */
const callsFor = (needle: string) => ai.chats.filter((c) => c.messages?.some((m) => m.content.includes(needle)));

const ticketOf = async (number: string) =>
  (
    await q(
      `select t.* from tickets t join contacts c on c.id = t.contact_id where c.number = $1 order by t.id desc limit 1`,
      [number],
    )
  )[0];

/** Nothing more happens for a while (a doubled send or a stray call would show here). */
const settle = (ms = 1_200) => new Promise((r) => setTimeout(r, ms));

describe('a queue with an AI prompt', () => {
  it('sends the system prompt and the history in order, cut at maxMessages, with the model, limits and key; the answer reaches the customer as the bot', async () => {
    const number = phone();
    ai.answer('Olá! Em que posso ajudar?');
    await says(number, 'Oi, boa noite');
    expect(await until(number, 1)).toEqual(['Olá! Em que posso ajudar?']);
    const first = ai.chats[0]!;
    expect(first.authorization).toBe('Bearer sk-first-key');
    expect(first).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 150, temperature: 0.3 });
    expect(first.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Oi, boa noite' },
    ]);

    ai.answer('Temos calabresa e margherita.');
    await says(number, 'Quais sabores vocês têm?');
    await until(number, 2);
    ai.answer('Custa R$ 50.');
    await says(number, 'Quanto custa a calabresa?');
    await until(number, 3);
    // maxMessages 4: the system prompt, then only the last four messages, oldest first.
    expect(ai.chats[2]!.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'assistant', content: 'Olá! Em que posso ajudar?' },
      { role: 'user', content: 'Quais sabores vocês têm?' },
      { role: 'assistant', content: 'Temos calabresa e margherita.' },
      { role: 'user', content: 'Quanto custa a calabresa?' },
    ]);
    await settle();
    expect(received(number)).toEqual(['Olá! Em que posso ajudar?', 'Temos calabresa e margherita.', 'Custa R$ 50.']);
    expect(ai.chats).toHaveLength(3);
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ queue_id: aiQueue.id, prompt_id: promptId, status: 'pending', user_id: null });
    const ours = await q(`select body, data, user_id from messages where ticket_id = $1 and from_me order by id`, [
      ticket.id,
    ]);
    expect(ours).toHaveLength(3);
    for (const m of ours) expect(m).toMatchObject({ user_id: null, data: { bot: true } });
  });

  it('a key changed through PUT /prompt is the one the next call uses', async () => {
    const number = phone();
    await says(number, 'Primeira pergunta');
    await until(number, 1);
    expect(ai.chats[0]!.authorization).toBe('Bearer sk-first-key');
    const res = await tenant.admin.api.put(`/api/prompt/${promptId}`, { apiKey: 'sk-second-key' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ai.acceptKeys('sk-second-key');
    await says(number, 'Segunda pergunta');
    await until(number, 2);
    expect(ai.chats[1]!.authorization).toBe('Bearer sk-second-key');
    await tenant.admin.api.put(`/api/prompt/${promptId}`, { apiKey: 'sk-first-key' });
  });

  it('a voice note is transcribed, shown as its text, and answered', async () => {
    const number = phone();
    const mediaId = `media-${Date.now()}`;
    graph.addMedia(mediaId, OGG, 'audio/ogg');
    ai.transcribe('Quero uma pizza grande de calabresa');
    ai.answer('Anotado: uma grande de calabresa!');
    await post(number, {
      from: number,
      id: wamid(),
      timestamp: nowSeconds(),
      type: 'audio',
      audio: { id: mediaId, mime_type: 'audio/ogg; codecs=opus', voice: true },
    });
    expect(await until(number, 1)).toEqual(['Anotado: uma grande de calabresa!']);
    const [call] = ai.transcriptions;
    expect(call).toMatchObject({ authorization: 'Bearer sk-first-key', model: 'whisper-1' });
    expect(call!.file!.data.equals(OGG)).toBe(true);
    expect(call!.file!.name).toMatch(/\.ogg$/);
    expect(ai.chats[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Quero uma pizza grande de calabresa' });
    const ticket = await ticketOf(number);
    const [audio] = await q(`select body, media_type from messages where ticket_id = $1 and not from_me`, [ticket.id]);
    expect(audio).toEqual({ body: 'Quero uma pizza grande de calabresa', media_type: 'audio' });
  });

  it('a prompt with a voice answers with a voice note (Azure Speech), or as text when the speech fails', async () => {
    const voiced = await tenant.admin.api.put(`/api/prompt/${promptId}`, {
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'az-speech-key',
      voiceRegion: 'brazilsouth',
    });
    expect(voiced.status, JSON.stringify(voiced.body)).toBe(200);
    try {
      const number = phone();
      ai.answer('Claro! A pizza <grande> custa R$ 50 & chega em 30 min.');
      await says(number, 'Quanto custa?');
      expect(await until(number, 1)).toEqual(['[audio]']);
      expect(ai.speeches).toHaveLength(1);
      expect(ai.speeches[0]).toMatchObject({
        region: 'brazilsouth',
        key: 'az-speech-key',
        outputFormat: 'ogg-24khz-16bit-mono-opus',
      });
      expect(ai.speeches[0]!.ssml).toContain('name="pt-BR-FranciscaNeural"');
      expect(ai.speeches[0]!.ssml).toContain('A pizza &#60;grande&#62; custa R$ 50 &#38; chega em 30 min.');
      const upload = [...graph.uploads.values()].at(-1)!;
      expect(upload.data.subarray(0, 4).toString()).toBe('OggS');
      // The text stays the message's body: attendants read it, and the model's next context has it.
      const ticket = await ticketOf(number);
      const [answer] = await q(`select body, media_type from messages where ticket_id = $1 and from_me`, [ticket.id]);
      expect(answer).toEqual({ body: 'Claro! A pizza <grande> custa R$ 50 & chega em 30 min.', media_type: 'audio' });

      ai.acceptKeys('sk-first-key');
      ai.answer('Entrega grátis hoje.');
      await says(number, 'E a entrega?');
      expect(await until(number, 2)).toEqual(['[audio]', 'Entrega grátis hoje.']);
      expect(ai.chats[1]!.messages.at(-2)).toEqual({
        role: 'assistant',
        content: 'Claro! A pizza <grande> custa R$ 50 & chega em 30 min.',
      });
    } finally {
      await tenant.admin.api.put(`/api/prompt/${promptId}`, { voice: 'texto' });
    }
  });

  it('the transfer phrase hands the customer to the prompt’s queue: not sent, the next message reaches no AI', async () => {
    const number = phone();
    ai.answer(`Vou chamar um atendente para você.\n${PROMPT_TRANSFER_PHRASE}`);
    await says(number, 'Quero falar com uma pessoa');
    expect(await until(number, 1)).toEqual(['Vou chamar um atendente para você.']);
    await eventually(async () => (await ticketOf(number)).queue_id === humans.id, 5_000, 'moved');
    expect(await ticketOf(number)).toMatchObject({
      queue_id: humans.id,
      status: 'pending',
      user_id: null,
      prompt_id: null,
    });
    await says(number, 'Alô?');
    await settle();
    expect(ai.chats).toHaveLength(1);
    expect(received(number)).toEqual(['Vou chamar um atendente para você.']);
  });

  it('two failures then an answer: answered once', async () => {
    const number = phone();
    ai.fail({ status: 500 }, { status: 429, retryAfter: 1 });
    ai.answer('Agora sim!');
    await says(number, 'Está aí?');
    expect(await until(number, 1)).toEqual(['Agora sim!']);
    expect(ai.chats.map((c) => c.status)).toEqual([500, 429, 200]);
    // The 429's Retry-After (1 s) was waited for.
    expect(ai.chats[2]!.at - ai.chats[1]!.at).toBeGreaterThanOrEqual(950);
    await settle();
    expect(received(number)).toEqual(['Agora sim!']);
  });

  it('a turn longer than the job’s safety net holds it with a lease: no worker starts it again, answered once', async () => {
    const number = phone();
    await says(number, 'Oi');
    await until(number, 1);
    // Two 429s asking for 6 s each: the turn takes ~12 s, past the job's 10 s safety net.
    ai.fail({ status: 429, retryAfter: 6 }, { status: 429, retryAfter: 6 });
    ai.answer('Demorei, mas cheguei.');
    await says(number, 'Está aí?');
    expect(await until(number, 2, 25_000)).toEqual(['Resposta 1', 'Demorei, mas cheguei.']);
    await settle(2_000);
    expect(ai.chats.map((c) => c.status)).toEqual([200, 429, 429, 200]);
    expect(received(number)).toHaveLength(2);
  }, 40_000);

  it('no answer within the timeout is tried again', async () => {
    const number = phone();
    ai.fail({ status: 'timeout' });
    ai.answer('Desculpe a demora.');
    await says(number, 'Olá?');
    expect(await until(number, 1, 15_000)).toEqual(['Desculpe a demora.']);
    expect(ai.chats).toHaveLength(2);
  });

  it('always failing: attendants get the ticket with a note saying why, never silence', async () => {
    const number = phone();
    ai.fail({ status: 500 }, { status: 502 }, { status: 503 });
    await says(number, 'Preciso de ajuda');
    await eventually(async () => (await ticketOf(number)).queue_id === humans.id, 15_000, 'handed over');
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ status: 'pending', user_id: null, prompt_id: null });
    expect(ai.chats.map((c) => c.status)).toEqual([500, 502, 503]);
    const notes = await q(`select note, user_id from ticket_notes where ticket_id = $1`, [ticket.id]);
    expect(notes).toHaveLength(1);
    expect(notes[0].note).toMatch(/IA: o serviço não respondeu depois de 3 tentativas \(503/);
    // Attendants see it where they look: the notes of the ticket, through the API.
    const listed = await tenant.admin.api.get(
      `/api/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contact_id}`,
    );
    expect(JSON.stringify(listed.body)).toContain('tentativas');
    await says(number, 'Alguém?');
    await settle();
    expect(ai.chats).toHaveLength(3);
  });

  it('a refused key hands over at once, with a note', async () => {
    const number = phone();
    ai.acceptKeys('sk-some-other-key');
    await says(number, 'Bom dia');
    await eventually(async () => (await ticketOf(number)).queue_id === humans.id, 5_000, 'handed over');
    expect(ai.chats.map((c) => c.status)).toEqual([401]);
    const [note] = await q(`select note from ticket_notes where ticket_id = $1`, [(await ticketOf(number)).id]);
    expect(note.note).toMatch(/IA: a chave da API foi recusada \(401/);
    expect(received(number)).toEqual([]);
  });

  it('an attendant’s accept stops the AI: an answer still being written is dropped, the next message reaches no AI', async () => {
    const number = phone();
    ai.delay(1_000);
    await says(number, 'Oi');
    await ai.until(() => callsFor('Oi').length === 1);
    const ticket = await ticketOf(number);
    const accepted = await tenant.admin.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await ai.until(() => ai.chats[0]!.answeredAt);
    await says(number, 'Ainda aí?');
    await settle();
    expect(received(number)).toEqual([]);
    expect(ai.chats).toHaveLength(1);
    expect(await ticketOf(number)).toMatchObject({ status: 'open', prompt_id: null });
  });

  it('quick messages in a row are answered once, the later ones folded in', async () => {
    const number = phone();
    ai.delay(600);
    await says(number, 'Oi');
    await ai.until(() => ai.chats.length === 1);
    // While the model thinks, two more: the answers under way give way to the newest message's.
    await says(number, 'Quero pedir');
    await says(number, 'uma pizza');
    await until(number, 1);
    await settle();
    expect(received(number)).toHaveLength(1);
    const last = ai.chats.at(-1)!;
    expect(received(number)).toEqual([`Resposta ${ai.chats.length}`]);
    expect(last.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Oi' },
      { role: 'user', content: 'Quero pedir' },
      { role: 'user', content: 'uma pizza' },
    ]);
  });
});

describe('a flow’s openai node', () => {
  it('hands the conversation to the AI with the node’s settings; its transfer phrase ends the run in the node’s queue', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('hi', 'message', { label: 'Olá {{firstName}}, vou te passar para nossa IA.' }),
        node('ai', 'openai', {
          typebotIntegration: {
            name: 'IA do fluxo',
            apiKey: 'sk-flow-key',
            prompt: 'Você é o assistente do fluxo de vendas e responde somente sobre os nossos produtos.',
            voice: 'texto',
            temperature: 0.5,
            maxTokens: 80,
            maxMessages: 10,
            queueId: humans.id,
          },
        }),
      ],
      connections: [edge('1', 'hi'), edge('hi', 'ai')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'promoção' });
    const number = phone();
    ai.answer('Temos 20% de desconto hoje!');
    await says(number, 'Quero a promoção');
    expect(await until(number, 2)).toEqual(['Olá Maria, vou te passar para nossa IA.', 'Temos 20% de desconto hoje!']);
    expect(ai.chats[0]).toMatchObject({ authorization: 'Bearer sk-flow-key', max_tokens: 80, temperature: 0.5 });
    expect(ai.chats[0]!.messages[0]).toEqual({
      role: 'system',
      content: 'Você é o assistente do fluxo de vendas e responde somente sobre os nossos produtos.',
    });
    expect(ai.chats[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Quero a promoção' });

    ai.answer(PROMPT_TRANSFER_PHRASE);
    await says(number, 'Quero fechar o pedido');
    await eventually(async () => (await ticketOf(number)).queue_id === humans.id, 5_000, 'handed over');
    const [run] = await q(`select status, end_reason from flow_runs where ticket_id = $1`, [
      (await ticketOf(number)).id,
    ]);
    expect(run).toEqual({ status: 'done', end_reason: 'handover' });
    await says(number, 'Olá?');
    await settle();
    expect(ai.chats).toHaveLength(2);
    expect(received(number)).toHaveLength(2);
  });
});

describe('a flow’s openai node saved through the API', () => {
  it('answered masked and saved back as answered, still calls the AI with the real key', async () => {
    const key = 'sk-flow-saved-back-0123456789-REAL';
    const flow = (await tenant.admin.api.post('/api/flowbuilder', { name: 'Fluxo com IA' })).body;
    const graph = {
      nodes: [
        node('1', 'start', {}),
        node('ai', 'openai', {
          typebotIntegration: {
            name: 'IA',
            apiKey: key,
            prompt: 'Você é o assistente do fluxo de ofertas.',
            voice: 'texto',
            queueId: humans.id,
          },
        }),
      ],
      connections: [edge('1', 'ai')],
    };
    expect((await tenant.admin.api.post('/api/flowbuilder/flow', { idFlow: flow.id, ...graph })).status).toBe(200);
    const shown = (await tenant.admin.api.get(`/api/flowbuilder/flow/${flow.id}`)).body.flow.flow;
    expect(JSON.stringify(shown)).not.toContain(key);
    const back = await tenant.admin.api.post('/api/flowbuilder/flow', { idFlow: flow.id, ...shown });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'oferta secreta' });
    const number = phone();
    ai.answer('Oferta do dia: pizza grande!');
    await says(number, 'Quero a oferta secreta');
    expect(await until(number, 1)).toEqual(['Oferta do dia: pizza grande!']);
    expect(ai.chats[0]).toMatchObject({ authorization: `Bearer ${key}` });
  });
});

describe('the sandbox phone', () => {
  it('a customer of a connection whose queue has a prompt talks with the AI', async () => {
    const sandbox = await pairedSandbox(t, tenant);
    await linkConnectionQueues(t, tenant.companyId, sandbox.id, [aiQueue.id]);
    const customer = sandboxCustomer(t, tenant.admin.api, sandbox, 'João Lima');
    ai.answer('Oi João! Quer ver o cardápio?');
    await customer.says('Boa tarde');
    await eventually(async () => (await customer.received()).length === 1, 10_000, 'the answer');
    expect(await customer.received()).toEqual(['Oi João! Quer ver o cardápio?']);
    expect(ai.chats[0]!.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Boa tarde' },
    ]);
  });
});
