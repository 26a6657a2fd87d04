/**
 * A customer's phone on a sandbox connection: a paired connection created through the API, a
 * customer who writes through the simulator (the same inbound pipeline as any provider), and
 * what their phone received. `says` returns once everything the message set off is done: its
 * chatbot job finished and the connection's outbox drained, so a test reads the phone at rest.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { TestApp } from './app.js';
import type { Api } from './client.js';
import type { Tenant } from './factories.js';
import { eventually } from './eventually.js';
import { phone, scoped } from './inbox.js';
import { messages, whatsapps } from '../../src/db/schema/index.js';
import { sessionsOf } from './app.js';

export async function pairedSandbox(t: TestApp, tenant: Tenant, patch: Partial<typeof whatsapps.$inferInsert> = {}) {
  const api = tenant.admin.api;
  const res = await api.post('/api/whatsapp', {
    name: `Sandbox ${randomBytes(3).toString('hex')}`,
    provider: 'sandbox',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as number;
  // The phone shows a new code every few seconds: a code read just before it changed is scanned
  // again, as a person would (400 qrMismatch), until one is accepted.
  await eventually(
    async () => {
      await sessionsOf(t).tick();
      const state = await api.get(`/api/sandbox/${id}`);
      if (state.body.status !== 'qrcode' || !state.body.qrcode) return false;
      const scan = await api.post(`/api/sandbox/${id}/scan`, { qrcode: state.body.qrcode });
      if (scan.status === 400 && scan.body.fields?.qrcode === 'qrMismatch') return false;
      expect(scan.status, JSON.stringify(scan.body)).toBe(202);
      return true;
    },
    15_000,
    'a QR code scanned',
  );
  // The scan reaches the session's holder by NOTIFY: on a loaded machine that took over 15 s.
  await eventually(async () => (await api.get(`/api/sandbox/${id}`)).body.status === 'CONNECTED', 25_000, 'CONNECTED');
  if (Object.keys(patch).length > 0) {
    await scoped(t, tenant.companyId, (tx) => tx.update(whatsapps).set(patch).where(eq(whatsapps.id, id)));
  }
  return { id, companyId: tenant.companyId };
}

/**
 * Resolves once the chatbot job of `messageId` is over (done, or failed for good), or at once
 * when none was queued (an attended ticket's message: the pipeline queues it before answering).
 */
export async function chatbotDone(t: TestApp, messageId: number) {
  await eventually(
    async () => {
      const { rows } = await t.running.deps.pools.owner.query(
        `select state from pgboss.job where name = 'chatbot-reply' and singleton_key = $1
       union all select state from pgboss.archive where name = 'chatbot-reply' and singleton_key = $1`,
        [`message:${messageId}`],
      );
      return rows.every((r: { state: string }) => ['completed', 'failed', 'cancelled'].includes(r.state));
    },
    10_000,
    `the chatbot job of message ${messageId}`,
  );
}

/** Resolves once nothing of the connection waits in its outbox. */
export async function outboxDrained(t: TestApp, companyId: number, whatsappId: number) {
  await eventually(
    async () => {
      const waiting = await scoped(t, companyId, (tx) =>
        tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.whatsappId, whatsappId),
              eq(messages.fromMe, true),
              eq(messages.ack, 0),
              isNull(messages.error),
            ),
          )
          .limit(1),
      );
      return waiting.length === 0;
    },
    10_000,
    'the outbox drained',
  );
}

export function sandboxCustomer(t: TestApp, api: Api, conn: { id: number; companyId: number }, name = 'Maria Silva') {
  const number = phone();
  return {
    number,
    /** The customer writes; resolves when the bot (if any) has answered and the answer was sent. */
    async says(body: string) {
      const res = await api.post(`/api/sandbox/${conn.id}/messages`, { number, name, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await chatbotDone(t, res.body.id);
      await outboxDrained(t, conn.companyId, conn.id);
      return res.body as { id: number; ticketId: number };
    },
    /** What the phone received from the business, oldest first. */
    async received(): Promise<string[]> {
      const res = await api.get(`/api/sandbox/${conn.id}/conversations/${number}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.messages as Array<{ fromCustomer: boolean; body: string }>)
        .filter((m) => !m.fromCustomer)
        .map((m) => m.body);
    },
  };
}
