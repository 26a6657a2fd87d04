/**
 * The chatbot through a sandbox connection: a customer writes from the simulated phone (the same
 * inbound pipeline as any provider), the bot's job answers, the outbox sends, and the test reads
 * what the phone received — exactly the expected texts, in order, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@balcao/contracts';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertQueueOption,
  linkConnectionQueues,
} from '../../test/support/factories.js';
import {
  inbound,
  insertQueue,
  listen,
  putSetting,
  scoped,
  setUserQueues,
  ticketRow,
  updateTicketRow,
} from '../../test/support/inbox.js';
import { chatbotDone, outboxDrained, pairedSandbox, sandboxCustomer } from '../../test/support/sandbox-phone.js';
import { receiveBatch } from '../inbox/receive-batch.js';
import { chatbotJobDef } from './chatbot-jobs.js';
import { claimMessageJob } from './message-jobs.js';
import { connectSocket } from '../../test/support/socket.js';
import { companies, messages, queues, whatsapps } from '../db/schema/index.js';
import { runChatbot } from './run-chatbot.js';

let t: TestApp;
let planId: number;

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { connections: 10, queues: 20 })).id;
});
afterAll(async () => {
  await t?.stop();
});

const week = (startTime: string, endTime: string) =>
  WEEKDAYS.map(({ weekday, weekdayEn }) => ({ weekday, weekdayEn, startTime, endTime }));
const CLOSED = week('00:00', '00:00');
const ALWAYS = week('00:00', '23:59');

const MAIN = 'Olá Maria! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte';

/** A company with a paired sandbox connection whose menu lists Vendas (1) and Suporte (2). */
async function twoQueues(conn: Partial<typeof whatsapps.$inferInsert> = {}) {
  const tenant = await createTenant(t, { planId });
  const c = await pairedSandbox(t, tenant, { greetingMessage: 'Olá {{firstName}}! Escolha um setor:', ...conn });
  // Inserted in the other order: the menu follows orderQueue.
  const support = await insertQueue(t, tenant.companyId, {
    name: 'Suporte',
    orderQueue: 2,
    greetingMessage: 'Bem-vindo ao Suporte',
  });
  const sales = await insertQueue(t, tenant.companyId, {
    name: 'Vendas',
    orderQueue: 1,
    greetingMessage: 'Bem-vindo a Vendas',
  });
  await linkConnectionQueues(t, tenant.companyId, c.id, [support.id, sales.id]);
  return { tenant, conn: c, sales, support, customer: () => sandboxCustomer(t, tenant.admin.api, c) };
}

describe('choosing a queue', () => {
  it('one queue: the ticket joins it and the queue greeting goes out once (sendGreetingMessageOneQueues)', async () => {
    const tenant = await createTenant(t, { planId });
    const conn = await pairedSandbox(t, tenant);
    const queue = await insertQueue(t, tenant.companyId, { greetingMessage: '{{ms}}, {{name}}! Já vamos atender.' });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [queue.id]);
    const maria = sandboxCustomer(t, tenant.admin.api, conn);

    const first = await maria.says('oi');
    expect(await maria.received()).toEqual([
      expect.stringMatching(/^(Bom dia|Boa tarde|Boa noite), Maria Silva! Já vamos atender\.$/),
    ]);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      queueId: queue.id,
      status: 'pending',
      userId: null,
      chatbot: false,
      botHandledMessageId: first.id,
    });
    await maria.says('alguém aí?');
    expect(await maria.received()).toHaveLength(1);

    // With the setting off the ticket joins the queue in silence.
    await putSetting(tenant, 'sendGreetingMessageOneQueues', 'disabled');
    const joao = sandboxCustomer(t, tenant.admin.api, conn, 'João');
    const his = await joao.says('bom dia');
    expect(await joao.received()).toEqual([]);
    expect(await ticketRow(t, tenant.companyId, his.ticketId)).toMatchObject({ queueId: queue.id });
  });

  it('one queue with options: its greeting and numbered options', async () => {
    const tenant = await createTenant(t, { planId });
    const conn = await pairedSandbox(t, tenant);
    const queue = await insertQueue(t, tenant.companyId, { greetingMessage: 'Central de atendimento' });
    await insertQueueOption(t, tenant.companyId, {
      queueId: queue.id,
      option: '1',
      title: 'Pedidos',
      message: 'Informe o pedido',
    });
    await insertQueueOption(t, tenant.companyId, {
      queueId: queue.id,
      option: '2',
      title: 'Trocas',
      message: 'Trocas em 7 dias',
    });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [queue.id]);
    const maria = sandboxCustomer(t, tenant.admin.api, conn);
    await maria.says('oi');
    await maria.says('2');
    expect(await maria.received()).toEqual([
      'Central de atendimento\n\n*1* - Pedidos\n*2* - Trocas',
      'Trocas em 7 dias\n\n*0* - Voltar\n*#* - Menu inicial',
    ]);
  });

  it('several queues: greeting and numbered list; the number picks the queue and its agents hear of the ticket', async () => {
    const { tenant, support, customer } = await twoQueues();
    const agent = await createStaff(t, tenant);
    await setUserQueues(t, tenant.companyId, agent.id, [support.id]);
    const socket = await connectSocket(t.url, agent.token);
    try {
      const heard = listen(socket, `company-${tenant.companyId}-ticket`);
      const maria = customer();
      const first = await maria.says('oi');
      expect(await maria.received()).toEqual([MAIN]);
      expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
        queueId: null,
        amountUsedBotQueues: 1,
        chatbot: true,
      });

      await maria.says('2');
      expect(await maria.received()).toEqual([MAIN, 'Bem-vindo ao Suporte']);
      expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
        queueId: support.id,
        status: 'pending',
      });
      await heard.waitFor(
        (e) => e.action === 'update' && e.ticket?.id === first.ticketId && e.ticket.queue?.name === 'Suporte',
      );

      // The customer is in a queue now: nothing more from the bot.
      await maria.says('obrigada');
      expect(await maria.received()).toHaveLength(2);
    } finally {
      socket.close();
    }
  });

  it('a wrong answer repeats the menu; a number before any menu is not a choice', async () => {
    const { tenant, customer } = await twoQueues();
    const maria = customer();
    const first = await maria.says('1');
    await maria.says('quero falar com alguém');
    await maria.says('7');
    expect(await maria.received()).toEqual([MAIN, MAIN, MAIN]);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      queueId: null,
      amountUsedBotQueues: 3,
    });
  });

  it('bot messages carry no user, are marked as the bot’s and set no agent time', async () => {
    const { tenant, customer } = await twoQueues();
    const maria = customer();
    const first = await maria.says('oi');
    const thread = await tenant.admin.api.get(`/api/messages/${first.ticketId}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages).toEqual([
      expect.objectContaining({ body: 'oi', fromMe: false, fromBot: false }),
      expect.objectContaining({ body: MAIN, fromMe: true, userId: null, fromBot: true, data: { bot: true } }),
    ]);
    const ticket = await ticketRow(t, tenant.companyId, first.ticketId);
    expect(ticket.lastCustomerMessageAt).toBeInstanceOf(Date);
    expect(ticket.lastAgentMessageAt).toBeNull();
  });
});

describe('the option tree', () => {
  /** Vendas: 1 Orçamento (an answer), 2 Pós-venda → 1 Garantia, 2 Devolução → 1 Etiqueta, 2 Coleta. */
  async function withTree() {
    const setup = await twoQueues();
    const { tenant, sales } = setup;
    const add = (values: Parameters<typeof insertQueueOption>[2]) => insertQueueOption(t, tenant.companyId, values);
    await add({ queueId: sales.id, option: '1', title: 'Orçamento', message: 'Envie a lista de itens' });
    const after = await add({ queueId: sales.id, option: '2', title: 'Pós-venda', message: 'Pós-venda:' });
    await add({ queueId: sales.id, parentId: after.id, option: '1', title: 'Garantia', message: 'Garantia de 1 ano' });
    const back = await add({
      queueId: sales.id,
      parentId: after.id,
      option: '2',
      title: 'Devolução',
      message: 'Devolução:',
    });
    await add({ queueId: sales.id, parentId: back.id, option: '1', title: 'Etiqueta', message: 'Enviamos a etiqueta' });
    await add({ queueId: sales.id, parentId: back.id, option: '2', title: 'Coleta', message: 'Agendamos a coleta' });
    return setup;
  }
  const SALES_TOP = 'Bem-vindo a Vendas\n\n*1* - Orçamento\n*2* - Pós-venda\n\n*#* - Menu inicial';
  const AFTER = 'Pós-venda:\n\n*1* - Garantia\n*2* - Devolução\n\n*0* - Voltar\n*#* - Menu inicial';
  const RETURNS = 'Devolução:\n\n*1* - Etiqueta\n*2* - Coleta\n\n*0* - Voltar\n*#* - Menu inicial';

  it('down the tree, "0" back a level, "#" back to the queues', async () => {
    const { tenant, sales, support, customer } = await withTree();
    const maria = customer();
    const first = await maria.says('olá');
    await maria.says('1'); // Vendas
    await maria.says('2'); // Pós-venda
    await maria.says('2'); // Devolução
    await maria.says('0'); // back to Pós-venda
    await maria.says('0'); // back to the queue's top
    await maria.says('2'); // Pós-venda again
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({ queueId: sales.id, chatbot: true });
    await maria.says('#'); // the queues
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({ queueId: null, chatbot: true });
    await maria.says('2'); // Suporte
    expect(await maria.received()).toEqual([
      MAIN,
      SALES_TOP,
      AFTER,
      RETURNS,
      AFTER,
      SALES_TOP,
      AFTER,
      MAIN,
      'Bem-vindo ao Suporte',
    ]);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({ queueId: support.id });
  });

  it('an answer (leaf) ends the menu: other words wait for an attendant; a wrong option repeats the level', async () => {
    const { customer } = await withTree();
    const maria = customer();
    await maria.says('oi');
    await maria.says('1');
    await maria.says('9'); // not an option of Vendas: the level again
    await maria.says('1'); // Orçamento, an answer
    await maria.says('segue a lista: 3 cadeiras');
    expect(await maria.received()).toEqual([
      MAIN,
      SALES_TOP,
      SALES_TOP,
      'Envie a lista de itens\n\n*0* - Voltar\n*#* - Menu inicial',
    ]);
  });

  it('a level with one option advances by itself', async () => {
    const { tenant, support, customer } = await twoQueues();
    const only = await insertQueueOption(t, tenant.companyId, {
      queueId: support.id,
      option: '1',
      title: 'Produto',
      message: 'Qual produto?',
    });
    await insertQueueOption(t, tenant.companyId, {
      queueId: support.id,
      parentId: only.id,
      option: '1',
      title: 'Impressora',
      message: 'Impressoras:',
    });
    const tv = await insertQueueOption(t, tenant.companyId, {
      queueId: support.id,
      parentId: only.id,
      option: '2',
      title: 'TV',
      message: 'TVs:',
    });
    await insertQueueOption(t, tenant.companyId, {
      queueId: support.id,
      parentId: tv.id,
      option: '1',
      title: 'Sem imagem',
      message: 'Desligue da tomada por 1 minuto.',
    });
    const maria = customer();
    await maria.says('oi');
    await maria.says('2'); // Suporte: its only option follows at once
    await maria.says('2'); // TV: its only option follows at once
    await maria.says('0'); // back: past the one-option levels, to the products
    expect(await maria.received()).toEqual([
      MAIN,
      'Bem-vindo ao Suporte\n\nQual produto?\n\n*1* - Impressora\n*2* - TV\n\n*0* - Voltar\n*#* - Menu inicial',
      'TVs:\n\nDesligue da tomada por 1 minuto.\n\n*0* - Voltar\n*#* - Menu inicial',
      'Qual produto?\n\n*1* - Impressora\n*2* - TV\n\n*0* - Voltar\n*#* - Menu inicial',
    ]);
  });
});

describe('business hours', () => {
  it('company hours: the connection’s out-of-hours text once per closed period, no menu; open again, the menu', async () => {
    const { tenant, customer } = await twoQueues({ outOfHoursMessage: 'Atendemos das 8h às 18h, {{firstName}}.' });
    await putSetting(tenant, 'scheduleType', 'company');
    const put = (schedules: typeof CLOSED) =>
      tenant.admin.api.put(`/api/companies/${tenant.companyId}/schedules`, { schedules });
    expect((await put(CLOSED)).status).toBe(200);
    const maria = customer();
    const first = await maria.says('oi');
    await maria.says('alô?');
    expect(await maria.received()).toEqual(['Atendemos das 8h às 18h, Maria.']);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      queueId: null,
      amountUsedBotQueues: 0,
    });

    expect((await put(ALWAYS)).status).toBe(200);
    await maria.says('bom dia');
    expect(await maria.received()).toEqual(['Atendemos das 8h às 18h, Maria.', MAIN]);
  });

  it('company hours are read in the company’s time zone', async () => {
    const { tenant, conn, customer } = await twoQueues({ outOfHoursMessage: 'Fechado' });
    await putSetting(tenant, 'scheduleType', 'company');
    // Every day from this UTC hour for two hours: open in UTC, closed 14 hours east.
    const h = new Date().getUTCHours();
    const hh = (n: number) => `${String(n).padStart(2, '0')}:00`;
    const hours = week(hh(h), h >= 22 ? '23:59' : hh(h + 2));
    await scoped(t, tenant.companyId, (tx) => tx.update(companies).set({ schedules: hours, timezone: 'UTC' }));
    const maria = customer();
    await maria.says('oi');
    expect(await maria.received()).toEqual([MAIN]);
    await scoped(t, tenant.companyId, (tx) => tx.update(companies).set({ timezone: 'Pacific/Kiritimati' }));
    const joao = sandboxCustomer(t, tenant.admin.api, conn, 'João');
    await joao.says('oi');
    expect(await joao.received()).toEqual(['Fechado']);
  });

  it('queue hours: the chosen queue’s out-of-hours text once per period; the ticket stays in the queue', async () => {
    const { tenant, support, customer } = await twoQueues();
    await putSetting(tenant, 'scheduleType', 'queue');
    await scoped(t, tenant.companyId, (tx) =>
      tx
        .update(queues)
        .set({ schedules: CLOSED, outOfHoursMessage: 'O Suporte abre às 8h' })
        .where(eq(queues.id, support.id)),
    );
    const maria = customer();
    const first = await maria.says('oi');
    await maria.says('2');
    await maria.says('ainda fechado?');
    expect(await maria.received()).toEqual([MAIN, 'O Suporte abre às 8h']);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      queueId: support.id,
      status: 'pending',
    });
  });
});

describe('menu limits', () => {
  it('timeUseBotQueues: the menu is not resent within that many minutes of the last one', async () => {
    const { tenant, customer } = await twoQueues({ timeUseBotQueues: 10 });
    const maria = customer();
    const first = await maria.says('oi');
    await maria.says('?');
    expect(await maria.received()).toEqual([MAIN]);
    await updateTicketRow(t, tenant.companyId, first.ticketId, { botMenuSentAt: new Date(Date.now() - 11 * 60_000) });
    await maria.says('??');
    expect(await maria.received()).toEqual([MAIN, MAIN]);
  });

  it('maxUseBotQueues: the menu goes out that many times, then the bot is silent; a choice still counts', async () => {
    const { tenant, sales, customer } = await twoQueues({ maxUseBotQueues: 2 });
    const maria = customer();
    const first = await maria.says('oi');
    await maria.says('a');
    await maria.says('b');
    await maria.says('c');
    expect(await maria.received()).toEqual([MAIN, MAIN]);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      amountUsedBotQueues: 2,
      queueId: null,
    });
    await maria.says('1');
    expect(await maria.received()).toEqual([MAIN, MAIN, 'Bem-vindo a Vendas']);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({ queueId: sales.id });
  });
});

describe('who the bot answers', () => {
  it('not a ticket an attendant took, not a group', async () => {
    const { tenant, conn, customer } = await twoQueues();
    const maria = customer();
    const first = await maria.says('oi');
    expect((await tenant.admin.api.put(`/api/tickets/${first.ticketId}`, { status: 'open' })).status).toBe(200);
    await maria.says('xyz');
    expect(await maria.received()).toEqual([MAIN]);

    // A group's message is stored (CheckMsgIsGroup off) but sets off no chatbot job, and the
    // handler itself refuses a group's ticket.
    await putSetting(tenant, 'CheckMsgIsGroup', 'disabled');
    const group = await inbound(t, conn, { number: '120363040000000001', isGroup: true }, 'oi grupo');
    const { rows } = await t.running.deps.pools.owner.query('select id from pgboss.job where singleton_key = $1', [
      `message:${group.messageId}`,
    ]);
    expect(rows).toEqual([]);
    await runChatbot(t.running.deps, {
      companyId: tenant.companyId,
      ticketId: group.ticketId,
      messageId: group.messageId,
    });
    const stored = await scoped(t, tenant.companyId, (tx) =>
      tx.select({ fromMe: messages.fromMe }).from(messages).where(eq(messages.ticketId, group.ticketId)),
    );
    expect(stored).toEqual([{ fromMe: false }]);
  });

  it('the job run twice (or at once) for one message answers once', async () => {
    const { tenant, conn, customer } = await twoQueues();
    const maria = customer();
    const first = await maria.says('oi');
    const job = { companyId: tenant.companyId, ticketId: first.ticketId, messageId: first.id };
    await Promise.all([runChatbot(t.running.deps, job), runChatbot(t.running.deps, job)]);
    // A message stored without its job (a crash between commit and send): three runs at once.
    const [late] = await scoped(t, tenant.companyId, (tx) =>
      tx
        .insert(messages)
        .values({
          companyId: tenant.companyId,
          ticketId: first.ticketId,
          whatsappId: conn.id,
          body: 'e aí?',
          externalId: 'late-1',
        })
        .returning(),
    );
    const again = { ...job, messageId: late!.id };
    await Promise.all([1, 2, 3].map(() => runChatbot(t.running.deps, again)));
    await runChatbot(t.running.deps, job); // an older message after a newer one: nothing
    await outboxDrained(t, tenant.companyId, conn.id);
    expect(await maria.received()).toEqual([MAIN, MAIN]);
    expect(await ticketRow(t, tenant.companyId, first.ticketId)).toMatchObject({
      botHandledMessageId: late!.id,
      amountUsedBotQueues: 2,
    });
  });
});

describe('the chatbot’s job', () => {
  const jobRows = async (messageId: number) =>
    (
      await t.running.deps.pools.owner.query(
        `select state, start_after > now() + interval '5 seconds' as later from pgboss.job
         where name = 'chatbot-reply' and singleton_key = $1`,
        [`message:${messageId}`],
      )
    ).rows as Array<{ state: string; later: boolean }>;

  it('is stored with the message; when the storing process never runs it, a worker answers', async () => {
    const { tenant, conn, customer } = await twoQueues();
    const maria = customer();
    await maria.says('oi');
    // Stored as the Cloud path stores a delivery, but the process "dies" before reacting to it.
    const [stored] = await receiveBatch(t.running.deps, tenant.companyId, [
      {
        conn,
        msg: {
          externalId: `crash-${Date.now()}`,
          chatId: maria.number,
          isGroup: false,
          fromMe: false,
          contact: { number: maria.number, name: 'Maria Silva' },
          timestamp: new Date(),
          type: 'chat',
          body: '1',
        },
      },
    ]);
    if (!stored?.stored) throw new Error('not stored');
    // Waiting for the safety net's delay, not for a worker's poll.
    expect(await jobRows(stored.messageId)).toEqual([{ state: 'created', later: true }]);
    expect(await maria.received()).toEqual([MAIN]);

    await t.running.deps.pools.owner.query(
      `update pgboss.job set start_after = now() where name = 'chatbot-reply' and singleton_key = $1`,
      [`message:${stored.messageId}`],
    );
    await chatbotDone(t, stored.messageId);
    await outboxDrained(t, tenant.companyId, conn.id);
    expect(await maria.received()).toEqual([MAIN, 'Bem-vindo a Vendas']);
  });

  it('is not queued when the bot has nothing to say: no queue on the connection, no company hours', async () => {
    const tenant = await createTenant(t, { planId });
    const conn = await pairedSandbox(t, tenant);
    const maria = sandboxCustomer(t, tenant.admin.api, conn);
    const first = await maria.says('oi');
    expect(await jobRows(first.id)).toEqual([]);
    const { rows: archived } = await t.running.deps.pools.owner.query(
      `select 1 from pgboss.archive where singleton_key = $1`,
      [`message:${first.id}`],
    );
    expect(archived).toEqual([]);
    expect(await maria.received()).toEqual([]);

    // Company hours, closed now: the bot has something to say again.
    await scoped(t, tenant.companyId, (tx) =>
      tx.update(companies).set({ schedules: CLOSED }).where(eq(companies.id, tenant.companyId)),
    );
    await putSetting(tenant, 'scheduleType', 'company');
    await scoped(t, tenant.companyId, (tx) =>
      tx.update(whatsapps).set({ outOfHoursMessage: 'Estamos fechados' }).where(eq(whatsapps.id, conn.id)),
    );
    await maria.says('alô?');
    expect(await maria.received()).toEqual(['Estamos fechados']);
  });

  it('a company’s transaction can queue and claim only its own company’s jobs', async () => {
    const mine = await createTenant(t, { planId });
    const other = await createTenant(t, { planId });
    const payload = (companyId: number) => ({ companyId, ticketId: 1, messageId: 1 });
    const id = randomUUID();
    const refused = await scoped(t, mine.companyId, (tx) =>
      t.running.deps.jobs.insertWithin(tx, chatbotJobDef, [{ id, payload: payload(other.companyId) }]),
    ).catch((err: { cause?: { message?: string } }) => err.cause?.message);
    expect(refused).toMatch(/row-level security/);
    const theirs = randomUUID();
    await t.running.deps.pools.owner.query(
      `insert into pgboss.job (id, name, data, start_after) values ($1, 'chatbot-reply', $2, now() + interval '1 hour')`,
      [theirs, JSON.stringify(payload(other.companyId))],
    );
    const claimed = await scoped(t, mine.companyId, (tx) => tx.execute(claimMessageJob(chatbotJobDef, theirs)));
    expect(claimed.rows).toEqual([]);
    const { rows } = await t.running.deps.pools.owner.query('select state from pgboss.job where id = $1', [theirs]);
    expect(rows).toEqual([{ state: 'created' }]);
    await t.running.deps.pools.owner.query('delete from pgboss.job where id = $1', [theirs]);
  });

  it('a run claiming a job a worker already took answers nothing; the worker’s run answers', async () => {
    const { tenant, conn, customer } = await twoQueues();
    const maria = customer();
    const first = await maria.says('oi');
    const [late] = await scoped(t, tenant.companyId, (tx) =>
      tx
        .insert(messages)
        .values({
          companyId: tenant.companyId,
          ticketId: first.ticketId,
          whatsappId: conn.id,
          body: '2',
          externalId: 'late-2',
        })
        .returning(),
    );
    const job = { companyId: tenant.companyId, ticketId: first.ticketId, messageId: late!.id };
    await runChatbot(t.running.deps, job, { claim: randomUUID() });
    expect((await ticketRow(t, tenant.companyId, first.ticketId)).botHandledMessageId).toBe(first.id);
    await runChatbot(t.running.deps, job);
    await outboxDrained(t, tenant.companyId, conn.id);
    expect(await maria.received()).toEqual([MAIN, 'Bem-vindo ao Suporte']);
  });
});
