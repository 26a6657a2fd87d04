import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import {
  createTenant,
  insertCloudConnection,
  linkConnectionQueues,
  type Tenant,
} from '../../../test/support/factories.js';
import { insertQueue, phone } from '../../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { startFakeWebhook, type FakeWebhook } from '../../../test/support/fake-webhook.js';
import { cloudChat, connectedCloud, insertIntegration } from '../../../test/support/integrations.js';
import {
  change,
  delivery,
  entry,
  nowSeconds,
  postDelivery,
  profile,
  wamid,
} from '../../../test/support/cloud-webhook.js';

// Webhook and n8n integrations as the customer and the receiver see them: Cloud API webhook
// deliveries in, the receiver's attempts out; and how a ticket comes to be held by one.

let graph: FakeGraph;
let hook: FakeWebhook;
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  graph = await startFakeGraph();
  hook = await startFakeWebhook();
  // Retries a second apart (then about 2 s, 4 s …) instead of 10 s: the back-off, but quick.
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`, WEBHOOK_RETRY_SECONDS: '1' });
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t?.stop();
  await hook?.close();
  await graph?.close();
});

const q = async (sql: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(sql, params)).rows;

const ticketOf = async (number: string) =>
  (
    await q(
      `select t.* from tickets t join contacts c on c.id = t.contact_id where c.number = $1 order by t.id desc limit 1`,
      [number],
    )
  )[0];

/** The receiver's attempts about this customer's messages. */
const attemptsOf = (number: string) => hook.attempts.filter((a) => a.json?.contact?.number === number);

async function webhookIntegration(type: 'webhook' | 'n8n' = 'webhook', path = '/balcao') {
  const integration = await insertIntegration(t, tenant.companyId, { type, urlN8N: `${hook.url}${path}` });
  hook.setSecret(integration.signingSecret);
  return integration;
}

describe('a webhook integration on the connection', () => {
  let integration: Awaited<ReturnType<typeof webhookIntegration>>;
  let chat: ReturnType<typeof cloudChat>;
  let conn: Awaited<ReturnType<typeof connectedCloud>>;

  beforeAll(async () => {
    integration = await webhookIntegration();
    // A connection whose chatbot would speak (a greeting, two queues): it must stay silent.
    conn = await connectedCloud(t, tenant.companyId, {
      integrationId: integration.id,
      greetingMessage: 'Bem-vindo ao BOT',
    });
    const a = await insertQueue(t, tenant.companyId, { name: 'Vendas' });
    const b = await insertQueue(t, tenant.companyId, { name: 'Suporte' });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [a.id, b.id]);
    chat = cloudChat(t, graph, conn);
  });

  it('posts every customer message once, as the documented JSON, signed; the chatbot stays silent', async () => {
    const number = phone();
    const before = Date.now();
    await chat.says(number, 'Olá, quero um orçamento');
    const [attempt] = await hook.until(() => attemptsOf(number).length === 1 && attemptsOf(number));
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ status: 'pending', user_id: null, integration_id: integration.id });
    const [message] = await q('select * from messages where ticket_id = $1 and not from_me', [ticket.id]);

    expect(attempt!.path).toBe('/balcao');
    expect(attempt!.status).toBe(200);
    expect(attempt!.signatureOk).toBe(true);
    expect(attempt!.headers['content-type']).toMatch(/^application\/json/);
    const key = attempt!.headers['idempotency-key'];
    expect(key).toBe(`balcao-${integration.id}-${message.id}`);
    const timestamp = Number(attempt!.headers['x-balcao-timestamp']);
    expect(timestamp * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(timestamp * 1000).toBeLessThanOrEqual(Date.now());
    // Exactly the documented fields: no internal objects.
    expect(attempt!.json).toEqual({
      event: 'message.received',
      id: key,
      companyId: tenant.companyId,
      message: {
        id: Number(message.id),
        type: 'chat',
        body: 'Olá, quero um orçamento',
        mediaUrl: null,
        mediaType: null,
        fromMe: false,
        createdAt: new Date(message.created_at).toISOString(),
      },
      contact: { id: ticket.contact_id, name: 'Maria Silva', number, email: '' },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: 'pending', queueId: null, userId: null },
      connection: {
        id: conn.id,
        name: conn.name,
        number: (await q('select number from whatsapps where id = $1', [conn.id]))[0].number,
      },
    });

    await chat.says(number, 'É para amanhã');
    await hook.until(() => attemptsOf(number).length === 2);
    expect(attemptsOf(number).map((a) => a.json.message.body)).toEqual(['Olá, quero um orçamento', 'É para amanhã']);
    // One ticket, the chatbot never spoke (no menu, no greeting).
    expect(attemptsOf(number)[1]!.json.ticket.id).toBe(ticket.id);
    await chat.quiet(number, 0, 1_000);
    expect(attemptsOf(number)).toHaveLength(2);
  });

  it("names a customer's image by an address the connection's API token reads (and nothing else)", async () => {
    const number = phone();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const mediaId = `img-${Date.now()}`;
    graph.addMedia(mediaId, png, 'image/png');
    const image = {
      from: number,
      id: wamid(),
      timestamp: nowSeconds(),
      type: 'image',
      image: { id: mediaId, mime_type: 'image/png' },
    };
    const payload = delivery(
      entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Ana')], messages: [image] })),
    );
    expect((await postDelivery(t.url, conn.id, payload, conn.appSecret)).status).toBe(200);
    const [attempt] = await hook.until(() => attemptsOf(number).length === 1 && attemptsOf(number));
    const { message } = attempt!.json;
    expect(message).toMatchObject({ type: 'image', mediaType: 'image', mediaUrl: `/api/messages/media/${message.id}` });

    const token = `tok-${Date.now()}`;
    await q('update whatsapps set token = $1 where id = $2', [token, conn.id]);
    const fetchMedia = (auth?: string) =>
      fetch(`${t.url}${message.mediaUrl}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    const res = await fetchMedia(token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetchMedia()).status).toBe(401);
    expect((await fetchMedia('not-a-token')).status).toBe(401);
    // Another connection's token (same company) does not read this connection's conversations.
    const other = await insertCloudConnection(t, tenant.companyId, { token: `other-${token}` });
    expect((await fetchMedia(`other-${token}`)).status).toBe(404);
    expect(other.id).not.toBe(conn.id);
  });

  it('survives two failed deliveries: three attempts under one key, one accepted, never again', async () => {
    const number = phone();
    hook.failNext(2);
    const started = Date.now();
    await chat.says(number, 'Pode me ligar?');
    const accepted = await hook.until(
      () => attemptsOf(number).some((a) => a.status === 200) && attemptsOf(number),
      30_000,
    );
    expect(accepted.map((a) => a.status)).toEqual([500, 500, 200]);
    // The first attempt is the storing process's, at once; the retries wait their back-off.
    expect(accepted[0]!.at - started).toBeLessThan(1_000);
    expect(accepted[1]!.at - accepted[0]!.at).toBeGreaterThanOrEqual(900);
    expect(accepted[2]!.at - accepted[1]!.at).toBeGreaterThanOrEqual(900);
    // The same delivery each time: one key, the same bytes, each signed.
    expect(new Set(accepted.map((a) => a.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(accepted.map((a) => a.raw)).size).toBe(1);
    expect(accepted.every((a) => a.signatureOk)).toBe(true);

    // Never again after the 2xx (a retry would come within the back-off's next ~4 s).
    await new Promise((r) => setTimeout(r, 5_000));
    expect(attemptsOf(number)).toHaveLength(3);
    expect(attemptsOf(number).filter((a) => a.status === 200)).toHaveLength(1);
    const jobs = await q(`select state from pgboss.job where name = 'webhook-delivery' and data->>'messageId' = $1`, [
      String(accepted[0]!.json.message.id),
    ]);
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });
});

it('an n8n integration takes the same path', async () => {
  const integration = await webhookIntegration('n8n', '/webhook/3f1c-balcao');
  const conn = await connectedCloud(t, tenant.companyId, { integrationId: integration.id });
  const chat = cloudChat(t, graph, conn);
  const number = phone();
  await chat.says(number, 'Quero falar com o n8n');
  const [attempt] = await hook.until(() => attemptsOf(number).length === 1 && attemptsOf(number));
  expect(attempt).toMatchObject({ path: '/webhook/3f1c-balcao', status: 200, signatureOk: true });
  expect(attempt!.json).toMatchObject({
    event: 'message.received',
    message: { body: 'Quero falar com o n8n' },
    connection: { id: conn.id },
  });
  expect(attempt!.headers['idempotency-key']).toBe(attempt!.json.id);
});

describe('how a ticket comes to a queue with a webhook', () => {
  it("the connection's only queue: the message that brought the ticket in is handed on", async () => {
    const integration = await webhookIntegration();
    const queue = await insertQueue(t, tenant.companyId, {
      name: 'Orçamentos automáticos',
      integrationId: integration.id,
    });
    const conn = await connectedCloud(t, tenant.companyId);
    await linkConnectionQueues(t, tenant.companyId, conn.id, [queue.id]);
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'oi, tudo bem?');
    const [attempt] = await hook.until(() => attemptsOf(number).length === 1 && attemptsOf(number));
    expect(attempt!.json.message.body).toBe('oi, tudo bem?');
    expect(attempt!.json.ticket.queueId).toBe(queue.id);
    expect(await ticketOf(number)).toMatchObject({
      queue_id: queue.id,
      integration_id: integration.id,
      chatbot: false,
    });
    await chat.quiet(number, 0, 500);
    expect(attemptsOf(number)).toHaveLength(1);
  });

  it('a menu choice joins the queue: its greeting, and the next message goes to the webhook (not the choice)', async () => {
    const integration = await webhookIntegration();
    const plain = await insertQueue(t, tenant.companyId, { name: 'Financeiro', orderQueue: 1 });
    const held = await insertQueue(t, tenant.companyId, {
      name: 'Orçamentos',
      orderQueue: 2,
      integrationId: integration.id,
      greetingMessage: 'Você está no setor de orçamentos',
    });
    const conn = await connectedCloud(t, tenant.companyId, { greetingMessage: 'Escolha um setor:' });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [plain.id, held.id]);
    const chat = cloudChat(t, graph, conn);
    const number = phone();

    await chat.says(number, 'oi');
    expect((await chat.until(number, 1))[0]).toContain('Escolha um setor:');
    await chat.says(number, '2');
    expect(await chat.until(number, 2)).toEqual([
      expect.stringContaining('Escolha'),
      'Você está no setor de orçamentos',
    ]);
    expect(await ticketOf(number)).toMatchObject({ queue_id: held.id, integration_id: integration.id });
    await chat.says(number, 'Quero um orçamento de 10 cadeiras');
    const [attempt] = await hook.until(() => attemptsOf(number).length >= 1 && attemptsOf(number));
    expect(attempt!.json.message.body).toBe('Quero um orçamento de 10 cadeiras');
    await chat.quiet(number, 2, 1_000);
    expect(attemptsOf(number)).toHaveLength(1);
  });

  it("an attendant's transfer puts it there; an attendant's accept stops it", async () => {
    const integration = await webhookIntegration();
    const queue = await insertQueue(t, tenant.companyId, { name: 'Pós-venda', integrationId: integration.id });
    const conn = await connectedCloud(t, tenant.companyId);
    const chat = cloudChat(t, graph, conn);
    const number = phone();
    await chat.says(number, 'preciso de ajuda');
    const ticket = await ticketOf(number);
    expect(ticket.integration_id).toBeNull();

    const moved = await tenant.admin.api.put(`/api/tickets/${ticket.id}`, { queueId: queue.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ queueId: queue.id, integrationId: integration.id, status: 'pending' });
    await chat.says(number, 'obrigado');
    const [attempt] = await hook.until(() => attemptsOf(number).length >= 1 && attemptsOf(number));
    expect(attempt!.json.message.body).toBe('obrigado');

    const accepted = await tenant.admin.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', integrationId: null });
    await chat.says(number, 'ainda está aí?');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(attemptsOf(number).map((a) => a.json.message.body)).toEqual(['obrigado']);
    expect(
      await q(`select count(*)::int as n from pgboss.job where name = 'integration-turn' and data->>'ticketId' = $1`, [
        String(ticket.id),
      ]),
    ).toEqual([{ n: 0 }]);
  });
});
