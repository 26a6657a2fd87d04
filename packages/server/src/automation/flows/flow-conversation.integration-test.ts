import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, sessionsOf, type TestApp } from '../../../test/support/app.js';
import {
  createTenant,
  insertCloudConnection,
  linkConnectionQueues,
  type Tenant,
} from '../../../test/support/factories.js';
import { eventually } from '../../../test/support/eventually.js';
import { insertQueue, phone } from '../../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { change, delivery, entry, postDelivery, profile, text } from '../../../test/support/cloud-webhook.js';
import { edge, insertFlow, insertFlowCampaign, insertFlowMedia, node } from '../../../test/support/flows.js';
import { pairedSandbox, sandboxCustomer } from '../../../test/support/sandbox-phone.js';

// Flows as the customer sees them: Cloud API webhook deliveries in, sends at the Graph fake out.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let graph: FakeGraph;
let t: TestApp;
let tenant: Tenant;
let conn: Awaited<ReturnType<typeof insertCloudConnection>>;
let sales: { id: number };

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`, FLOW_SWEEP_MS: '100' });
  tenant = await createTenant(t);
  // A connection whose chatbot would speak (greeting, two queues): every test shows it stays silent.
  conn = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true, greetingMessage: 'Bem-vindo ao BOT' });
  sales = await insertQueue(t, tenant.companyId, { name: 'Vendas' });
  const support = await insertQueue(t, tenant.companyId, { name: 'Suporte' });
  await linkConnectionQueues(t, tenant.companyId, conn.id, [sales.id, support.id]);
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

const q = async (sql: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(sql, params)).rows;

/** The customer writes (one webhook delivery); resolves once it is stored and reacted to (200). */
async function says(number: string, body: string) {
  const payload = delivery(
    entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Maria Silva')], messages: [text(number, body)] })),
  );
  const res = await postDelivery(t.url, conn.id, payload, conn.appSecret);
  expect(res.status).toBe(200);
}

/** What reached this number, as text ("[image] name" for an image), in order. */
const received = (number: string) =>
  graph.sent
    .filter((s) => s.body.to === number)
    .map((s) => (s.body.type === 'text' ? s.body.text.body : `[${s.body.type}]`) as string);

const until = (number: string, n: number, ms = 10_000) =>
  graph.until(() => received(number).length >= n && received(number), ms);

/** Nothing more reaches the number for a while (a doubled send would show here). */
async function quiet(number: string, count: number, ms = 1_500) {
  await new Promise((r) => setTimeout(r, ms));
  expect(received(number)).toHaveLength(count);
}

const runOf = async (number: string) =>
  (
    await q(
      `select r.* from flow_runs r join tickets t on t.id = r.ticket_id join contacts c on c.id = t.contact_id
       where c.number = $1 order by r.id desc limit 1`,
      [number],
    )
  )[0];

const MENU = 'Escolha uma opção:\n[1] Vendas\n[2] Suporte';

/**
 * Every node type: message (message variables), menu (a wrong answer repeats it), question (its
 * answer used later), condition true then false, randomizer at 0 and 100, interval, content block
 * (text, interval, image, text), ticket.
 */
async function everyNodeFlow() {
  const image = await insertFlowMedia(t, tenant.companyId, PNG, 'image/png', 'foto.png');
  return insertFlow(t, tenant.companyId, {
    nodes: [
      node('1', 'start', {}),
      node('hello', 'message', { label: 'Olá {{firstName}}, bem-vinda' }),
      node('menu', 'menu', {
        message: 'Escolha uma opção:',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      }),
      node('never2', 'message', { label: 'opção 2 não escolhida' }),
      node('ask', 'question', { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } }),
      node('isJoao', 'condition', { key: 'nome', condition: 'contains', value: 'JOAO' }),
      node('yes', 'message', { label: 'Que bom te ver, {{nome}}!' }),
      node('no', 'message', { label: 'condição falsa por engano' }),
      node('isNumber', 'condition', { key: 'nome', condition: 'greater', value: '5' }),
      node('numberYes', 'message', { label: 'número por engano' }),
      node('numberNo', 'message', { label: 'Nome não é número' }),
      node('r0', 'randomizer', { percent: 0 }),
      node('r0a', 'message', { label: 'r0 por a (nunca)' }),
      node('r0b', 'message', { label: 'r0 por b' }),
      node('r100', 'randomizer', { percent: 100 }),
      node('r100a', 'message', { label: 'r100 por a' }),
      node('r100b', 'message', { label: 'r100 por b (nunca)' }),
      node('wait', 'interval', { sec: 1 }),
      node('block', 'singleBlock', {
        seq: ['message0', 'interval1', 'img2', 'message3'],
        elements: [
          { number: 'message0', value: 'Bloco para {{nome}}' },
          { number: 'interval1', value: '1' },
          { number: 'img2', value: image, original: 'foto.png' },
          { number: 'message3', value: 'Fim do bloco' },
        ],
      }),
      node('toSales', 'ticket', { data: { id: sales.id, name: 'Vendas' } }),
    ],
    connections: [
      edge('1', 'hello'),
      edge('hello', 'menu'),
      edge('menu', 'ask', 'a1'),
      edge('menu', 'never2', 'a2'),
      edge('ask', 'isJoao'),
      edge('isJoao', 'yes', 'a'),
      edge('isJoao', 'no', 'b'),
      edge('yes', 'isNumber'),
      edge('isNumber', 'numberYes', 'a'),
      edge('isNumber', 'numberNo', 'b'),
      edge('numberNo', 'r0'),
      edge('r0', 'r0a', 'a'),
      edge('r0', 'r0b', 'b'),
      edge('r0b', 'r100'),
      edge('r100', 'r100a', 'a'),
      edge('r100', 'r100b', 'b'),
      edge('r100a', 'wait'),
      edge('wait', 'block'),
      edge('block', 'toSales'),
    ],
  });
}

describe('a flow campaign on the Cloud API', () => {
  it('runs every node type: exactly the expected messages, in order, once; the chatbot stays silent', async () => {
    const flow = await everyNodeFlow();
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'Quero Comprar' });
    const number = phone();

    await says(number, 'oi, QUERO   comprar? não, quero comprar sim');
    // "QUERO   comprar" has extra spaces: the second occurrence matches.
    expect(await until(number, 2)).toEqual(['Olá Maria, bem-vinda', MENU]);
    await says(number, 'quero 7');
    await until(number, 3);
    await says(number, ' 1 ');
    await until(number, 4);
    await says(number, 'João');
    const all = await until(number, 11, 15_000);
    expect(all).toEqual([
      'Olá Maria, bem-vinda',
      MENU,
      MENU,
      'Qual é o seu nome?',
      'Que bom te ver, João!',
      'Nome não é número',
      'r0 por b',
      'r100 por a',
      'Bloco para João',
      '[image]',
      'Fim do bloco',
    ]);
    const image = graph.sent.filter((s) => s.body.to === number)[9]!.body;
    expect(image.image.id).toBeTruthy();
    expect(image.image.caption).toBeUndefined();
    await quiet(number, 11);

    const run = await runOf(number);
    expect(run).toMatchObject({ status: 'done', end_reason: 'ticket', variables: { nome: 'João' } });
    const [ticket] = await q('select * from tickets where id = $1', [run.ticket_id]);
    expect(ticket).toMatchObject({ queue_id: sales.id, status: 'pending', user_id: null, chatbot: false });
    // Everything the flow queued is marked as the bot's.
    const bot = await q(
      `select count(*)::int as n from messages where ticket_id = $1 and from_me and data->>'bot' = 'true'`,
      [ticket.id],
    );
    expect(bot[0].n).toBe(11);
  });

  it('the interval and the block wait their seconds, as stored waits', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('a', 'message', { label: 'antes' }),
        node('w', 'interval', { sec: 2 }),
        node('b', 'message', { label: 'depois' }),
      ],
      connections: [edge('1', 'a'), edge('a', 'w'), edge('w', 'b')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'esperar' });
    const number = phone();
    await says(number, 'Esperar');
    await until(number, 1);
    const waiting = await runOf(number);
    expect(waiting).toMatchObject({ status: 'waiting', waiting: 'time', node_id: 'w' });
    const gap = new Date(waiting.wait_until).getTime() - new Date(waiting.updated_at).getTime();
    expect(Math.abs(gap - 2_000)).toBeLessThan(50);
    const first = Date.now();
    await until(number, 2);
    expect(Date.now() - first).toBeGreaterThan(1_000);
    expect(received(number)).toEqual(['antes', 'depois']);
    expect(await runOf(number)).toMatchObject({ status: 'done', end_reason: 'end' });
  });

  it('a phrase with other case and accents inside a longer text starts it; an inactive campaign does not', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [node('1', 'start', {}), node('m', 'message', { label: 'Promoção ativa' })],
      connections: [edge('1', 'm')],
    });
    await insertFlowCampaign(t, tenant.companyId, {
      flowId: flow.id,
      whatsappId: conn.id,
      phrase: '  Promoção de Verão ',
    });
    await insertFlowCampaign(t, tenant.companyId, {
      flowId: flow.id,
      whatsappId: conn.id,
      phrase: 'desligada',
      status: false,
    });

    const a = phone();
    await says(a, 'Olá! Vi a PROMOCAO DE VERAO no site, ainda vale?');
    expect(await until(a, 1)).toEqual(['Promoção ativa']);
    await quiet(a, 1, 500);

    const b = phone();
    await says(b, 'campanha desligada');
    // Not a flow's: the chatbot answers with its menu instead, and no run exists.
    const got = await until(b, 1);
    expect(got[0]).toContain('Bem-vindo ao BOT');
    expect(await runOf(b)).toBeUndefined();
  });

  it('an inactive flow, or another connection, starts nothing', async () => {
    const flow = await insertFlow(
      t,
      tenant.companyId,
      { nodes: [node('1', 'start', {}), node('m', 'message', { label: 'não devia' })], connections: [edge('1', 'm')] },
      { active: false },
    );
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'fluxo parado' });
    const number = phone();
    await says(number, 'fluxo parado');
    expect((await until(number, 1))[0]).toContain('Bem-vindo ao BOT');
    expect(await runOf(number)).toBeUndefined();
  });

  it('a second message while the run waits for input advances it; the chatbot stays silent; an attendant accepting stops it', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('q1', 'question', { typebotIntegration: { message: 'Seu pedido?', answerKey: 'pedido' } }),
        node('q2', 'question', { typebotIntegration: { message: 'Pedido {{pedido}}. Seu CEP?', answerKey: 'cep' } }),
        node('end', 'message', { label: 'CEP {{cep}} anotado' }),
      ],
      connections: [edge('1', 'q1'), edge('q1', 'q2'), edge('q2', 'end')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'pedido' });
    const number = phone();
    await says(number, 'meu pedido');
    await until(number, 1);
    await says(number, '12345');
    expect(await until(number, 2)).toEqual(['Seu pedido?', 'Pedido 12345. Seu CEP?']);
    const run = await runOf(number);
    expect(run).toMatchObject({ status: 'waiting', waiting: 'input', node_id: 'q2', variables: { pedido: '12345' } });

    const accepted = await tenant.admin.api.put(`/api/tickets/${run.ticket_id}`, { status: 'open' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await runOf(number)).toMatchObject({ status: 'stopped', end_reason: 'attended', waiting: null });
    await says(number, '01001-000');
    await quiet(number, 2, 1_000);
  });

  it('a redelivered message changes nothing (the same step is never taken twice)', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('m', 'menu', { message: 'Opções', arrayOption: [{ number: 1, value: 'Um' }] }),
        node('one', 'message', { label: 'Escolheu um' }),
        node('again', 'menu', { message: 'De novo', arrayOption: [{ number: 1, value: 'Um' }] }),
      ],
      connections: [edge('1', 'm'), edge('m', 'one', 'a1'), edge('one', 'again')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'repetir' });
    const number = phone();
    await says(number, 'repetir');
    await until(number, 1);
    const answer = text(number, '1');
    const payload = delivery(
      entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Maria')], messages: [answer] })),
    );
    expect((await postDelivery(t.url, conn.id, payload, conn.appSecret)).status).toBe(200);
    expect((await postDelivery(t.url, conn.id, payload, conn.appSecret)).status).toBe(200);
    await until(number, 3);
    await quiet(number, 3, 1_000);
    expect(received(number)).toEqual(['Opções\n[1] Um', 'Escolheu um', 'De novo\n[1] Um']);
    expect(await runOf(number)).toMatchObject({ step: 2, node_id: 'again' });
  });

  it('a cycle without waits ends the run after 50 nodes instead of looping', async () => {
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [node('1', 'start', {}), node('x', 'message', { label: 'x' }), node('y', 'message', { label: 'y' })],
      connections: [edge('1', 'x'), edge('x', 'y'), edge('y', 'x')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: conn.id, phrase: 'ciclo' });
    const number = phone();
    await says(number, 'ciclo');
    await eventually(async () => (await runOf(number))?.status === 'stopped', 5_000, 'the run stopped');
    expect(await runOf(number)).toMatchObject({ end_reason: 'loop' });
    await until(number, 49);
    await quiet(number, 49, 500);
  });
});

describe('a flow campaign on the sandbox phone', () => {
  it('the customer chats through a menu from the phone', async () => {
    const sandbox = await pairedSandbox(t, tenant);
    const flow = await insertFlow(t, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('m', 'menu', {
          message: 'Oi {{firstName}}! Deseja:',
          arrayOption: [
            { number: 1, value: 'Horários' },
            { number: 2, value: 'Endereço' },
          ],
        }),
        node('h', 'message', { label: 'Abrimos às 8h' }),
        node('e', 'message', { label: 'Rua A, 10' }),
      ],
      connections: [edge('1', 'm'), edge('m', 'h', 'a1'), edge('m', 'e', 'a2')],
    });
    await insertFlowCampaign(t, tenant.companyId, { flowId: flow.id, whatsappId: sandbox.id, phrase: 'atendimento' });
    const phoneOf = sandboxCustomer(t, tenant.admin.api, sandbox, 'Ana Souza');
    await phoneOf.says('Quero ATENDIMENTO');
    await phoneOf.says('3');
    await phoneOf.says('2');
    await eventually(async () => (await phoneOf.received()).length >= 3, 10_000, 'three messages');
    expect(await phoneOf.received()).toEqual([
      'Oi Ana! Deseja:\n[1] Horários\n[2] Endereço',
      'Oi Ana! Deseja:\n[1] Horários\n[2] Endereço',
      'Rua A, 10',
    ]);
  });
});
