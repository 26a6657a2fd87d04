/**
 * The time rules through a sandbox connection: an attended ticket whose agent spoke last is
 * closed after `expiresTicket` minutes of silence (with its farewell on the customer's phone),
 * and a ticket still without a queue moves to `transferQueueId` after `timeToTransfer` minutes.
 * The passes are the cron jobs' handlers, called here directly; time passes by moving the
 * tickets' clocks back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  linkConnectionQueues,
  type Tenant,
} from '../../test/support/factories.js';
import { insertQueue, listen, scoped, setUserQueues, ticketRow, updateTicketRow } from '../../test/support/inbox.js';
import { outboxDrained, pairedSandbox, sandboxCustomer } from '../../test/support/sandbox-phone.js';
import { connectSocket } from '../../test/support/socket.js';
import { ticketTracking } from '../db/schema/index.js';
import { expireTickets } from './expire-tickets.js';
import { transferWaitingTickets } from './transfer-tickets.js';

let t: TestApp;
let planId: number;

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { connections: 10, queues: 20 })).id;
});
afterAll(async () => {
  await t?.stop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A ticket the admin accepted and answered: the agent spoke last. */
async function attended(customer: ReturnType<typeof sandboxCustomer>, admin: Tenant['admin'], reply: string) {
  const first = await customer.says('oi, preciso de ajuda');
  const accepted = await admin.api.put(`/api/tickets/${first.ticketId}`, { status: 'open' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const sent = await admin.api.post(`/api/messages/${first.ticketId}`, { body: reply });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return first.ticketId as number;
}

describe('the cron jobs', () => {
  it('both rules are scheduled every minute', async () => {
    const { rows } = await t.running.deps.pools.owner.query(
      `select name, cron from pgboss.schedule where name in ('tickets-expire', 'tickets-transfer') order by name`,
    );
    expect(rows).toEqual([
      { name: 'tickets-expire', cron: '* * * * *' },
      { name: 'tickets-transfer', cron: '* * * * *' },
    ]);
    // The tests below run the passes by hand: the clock's passes must not take their tickets.
    await t.running.deps.pools.owner.query(
      `delete from pgboss.schedule where name in ('tickets-expire', 'tickets-transfer')`,
    );
  });
});

describe('expiry (expiresTicket)', () => {
  it('closes an open ticket after the agent’s last message and that many minutes of silence, with the farewell', async () => {
    const tenant = await createTenant(t, { planId });
    const conn = await pairedSandbox(t, tenant, {
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerramos por falta de resposta, {{firstName}}.',
      complationMessage: 'Obrigado pelo contato!',
    });
    const socket = await connectSocket(t.url, tenant.admin.token);
    try {
      const heard = listen(socket, `company-${tenant.companyId}-ticket`);
      const maria = sandboxCustomer(t, tenant.admin.api, conn, 'Maria Silva');
      const silent = await attended(maria, tenant.admin, 'Posso ajudar em algo mais?');
      const asked = await ticketRow(t, tenant.companyId, silent);
      expect(asked.lastAgentMessageAt).toBeInstanceOf(Date);
      expect(asked.lastCustomerMessageAt!.getTime()).toBeLessThanOrEqual(asked.lastAgentMessageAt!.getTime());

      // The customer answered after the agent: the agent owes the next word, no expiry.
      const joao = sandboxCustomer(t, tenant.admin.api, conn, 'João');
      const waiting = await attended(joao, tenant.admin, 'Qual o número do pedido?');
      await joao.says('12345');
      // The agent spoke recently: not yet.
      const ana = sandboxCustomer(t, tenant.admin.api, conn, 'Ana');
      const recent = await attended(ana, tenant.admin, 'Já verifico.');

      await updateTicketRow(t, tenant.companyId, silent, {
        lastAgentMessageAt: minutesAgo(31),
        lastCustomerMessageAt: minutesAgo(40),
      });
      await updateTicketRow(t, tenant.companyId, waiting, {
        lastAgentMessageAt: minutesAgo(50),
        lastCustomerMessageAt: minutesAgo(45),
      });
      await updateTicketRow(t, tenant.companyId, recent, { lastAgentMessageAt: minutesAgo(20) });

      expect(await expireTickets(t.running.deps)).toBe(1);
      await outboxDrained(t, tenant.companyId, conn.id);
      expect(await ticketRow(t, tenant.companyId, silent)).toMatchObject({ status: 'closed', userId: tenant.admin.id });
      expect(await maria.received()).toEqual([
        'Posso ajudar em algo mais?',
        'Encerramos por falta de resposta, Maria.',
      ]);
      for (const open of [waiting, recent]) expect((await ticketRow(t, tenant.companyId, open)).status).toBe('open');
      expect(await joao.received()).toEqual(['Qual o número do pedido?']);

      const [cycle] = await scoped(t, tenant.companyId, (tx) =>
        tx.select().from(ticketTracking).where(eq(ticketTracking.ticketId, silent)),
      );
      expect(cycle).toMatchObject({
        userId: tenant.admin.id,
        startedAt: expect.any(Date),
        finishedAt: expect.any(Date),
      });
      await heard.waitFor((e) => e.action === 'update' && e.ticket?.id === silent && e.ticket.status === 'closed');
      const thread = await tenant.admin.api.get(`/api/messages/${silent}`);
      expect(thread.body.messages.at(-1)).toMatchObject({
        body: 'Encerramos por falta de resposta, Maria.',
        fromBot: true,
        userId: null,
      });

      // Idempotent: a second pass finds nothing; nothing more reaches the phone.
      expect(await expireTickets(t.running.deps)).toBe(0);
      await outboxDrained(t, tenant.companyId, conn.id);
      expect(await maria.received()).toHaveLength(2);
    } finally {
      socket.close();
    }
  });

  it('without an inactivity text the farewell is the completion message; expiresTicket 0 never expires', async () => {
    const tenant = await createTenant(t, { planId });
    const conn = await pairedSandbox(t, tenant, { expiresTicket: 5, complationMessage: 'Atendimento encerrado.' });
    const off = await pairedSandbox(t, tenant, { expiresTicket: 0 });
    const maria = sandboxCustomer(t, tenant.admin.api, conn);
    const expiring = await attended(maria, tenant.admin, 'Resolvido?');
    const pedro = sandboxCustomer(t, tenant.admin.api, off, 'Pedro');
    const never = await attended(pedro, tenant.admin, 'Resolvido?');
    for (const id of [expiring, never]) {
      await updateTicketRow(t, tenant.companyId, id, {
        lastAgentMessageAt: minutesAgo(600),
        lastCustomerMessageAt: minutesAgo(601),
      });
    }

    expect(await expireTickets(t.running.deps, { batchSize: 1 })).toBe(1);
    await outboxDrained(t, tenant.companyId, conn.id);
    expect(await maria.received()).toEqual(['Resolvido?', 'Atendimento encerrado.']);
    expect((await ticketRow(t, tenant.companyId, never)).status).toBe('open');
  });
});

describe('auto-transfer (timeToTransfer)', () => {
  it('a ticket still without a queue moves to the transfer queue; its agents hear it; once', async () => {
    const tenant = await createTenant(t, { planId });
    const sales = await insertQueue(t, tenant.companyId, { name: 'Vendas', orderQueue: 1 });
    const triage = await insertQueue(t, tenant.companyId, { name: 'Triagem', orderQueue: 2 });
    const conn = await pairedSandbox(t, tenant, {
      greetingMessage: 'Escolha:',
      timeToTransfer: 10,
      transferQueueId: triage.id,
    });
    await linkConnectionQueues(t, tenant.companyId, conn.id, [sales.id, triage.id]);
    const agent = await createStaff(t, tenant);
    await setUserQueues(t, tenant.companyId, agent.id, [triage.id]);
    const socket = await connectSocket(t.url, agent.token);
    try {
      const heard = listen(socket, `company-${tenant.companyId}-ticket`);
      const maria = sandboxCustomer(t, tenant.admin.api, conn);
      const late = (await maria.says('oi')).ticketId;
      const joao = sandboxCustomer(t, tenant.admin.api, conn, 'João');
      const fresh = (await joao.says('oi')).ticketId;
      const chose = sandboxCustomer(t, tenant.admin.api, conn, 'Ana');
      const chosen = (await chose.says('oi')).ticketId;
      await chose.says('1');
      for (const id of [late, chosen]) await updateTicketRow(t, tenant.companyId, id, { createdAt: minutesAgo(11) });

      expect(await transferWaitingTickets(t.running.deps)).toBe(1);
      expect(await ticketRow(t, tenant.companyId, late)).toMatchObject({
        queueId: triage.id,
        status: 'pending',
        chatbot: false,
      });
      expect((await ticketRow(t, tenant.companyId, fresh)).queueId).toBeNull();
      expect((await ticketRow(t, tenant.companyId, chosen)).queueId).toBe(sales.id);
      await heard.waitFor((e) => e.action === 'update' && e.ticket?.id === late && e.ticket.queue?.name === 'Triagem');
      const [cycle] = await scoped(t, tenant.companyId, (tx) =>
        tx
          .select()
          .from(ticketTracking)
          .where(and(eq(ticketTracking.ticketId, late), isNull(ticketTracking.finishedAt))),
      );
      expect(cycle).toMatchObject({ queueId: triage.id, startedAt: null });

      expect(await transferWaitingTickets(t.running.deps)).toBe(0);
      // The move is quiet, and the bot leaves the ticket to the queue's attendants.
      await maria.says('1');
      expect(await maria.received()).toEqual(['Escolha:\n\n*1* - Vendas\n*2* - Triagem']);
      expect((await ticketRow(t, tenant.companyId, late)).queueId).toBe(triage.id);
    } finally {
      socket.close();
    }
  });
});
