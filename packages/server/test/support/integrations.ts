/**
 * Queue integrations' test support: integrations written straight to a company's scope (their
 * endpoints are not what the conversation tests exercise), a Cloud API connection brought up
 * against the Graph fake, and a customer writing to it through signed webhook deliveries while
 * the test reads what reached their phone at the fake.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from './app.js';
import { sessionsOf } from './app.js';
import { eventually } from './eventually.js';
import { insertCloudConnection } from './factories.js';
import { scoped } from './inbox.js';
import type { FakeGraph } from './fake-graph.js';
import { change, delivery, entry, postDelivery, profile, text } from './cloud-webhook.js';
import { queueIntegrations, whatsapps } from '../../src/db/schema/index.js';

export async function insertIntegration(
  t: TestApp,
  companyId: number,
  values: Partial<typeof queueIntegrations.$inferInsert> & Pick<typeof queueIntegrations.$inferInsert, 'type'>,
) {
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(queueIntegrations)
      .values({
        companyId,
        name: `${values.type} ${randomBytes(3).toString('hex')}`,
        signingSecret: randomBytes(24).toString('hex'),
        ...values,
      })
      .returning(),
  );
  return row!;
}

/** A Cloud API connection of the company, CONNECTED against the Graph fake. */
export async function connectedCloud(
  t: TestApp,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const conn = await insertCloudConnection(t, companyId, { sessionWanted: true, ...overrides });
  await eventually(
    async () => {
      await sessionsOf(t).tick();
      const [row] = await scoped(t, companyId, (tx) =>
        tx.select({ status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.id, conn.id)),
      );
      return row?.status === 'CONNECTED';
    },
    15_000,
    'CONNECTED',
  );
  return conn;
}

type Conn = { id: number; phoneNumberId: string | null; appSecret: string | null };

/** Customers of one Cloud API connection: what they write, and what reached their phones. */
export function cloudChat(t: TestApp, graph: FakeGraph, conn: Conn) {
  /** What reached this number, as text (`[image]` for an image), in order. */
  const received = (number: string) =>
    graph.sent
      .filter((s) => s.body.to === number)
      .map((s) => (s.body.type === 'text' ? s.body.text.body : `[${s.body.type}]`) as string);
  return {
    received,
    /** The sends to this number as the fake recorded them (with their arrival times). */
    sends: (number: string) => graph.requests.filter((r) => r.path.endsWith('/messages') && r.body?.to === number),
    /** The customer writes (one signed webhook delivery); resolves once it is stored and reacted to (200). */
    async says(number: string, body: string, name = 'Maria Silva') {
      const payload = delivery(
        entry(change(conn.phoneNumberId!, { contacts: [profile(number, name)], messages: [text(number, body)] })),
      );
      const res = await postDelivery(t.url, conn.id, payload, conn.appSecret);
      expect(res.status).toBe(200);
    },
    /** Resolves with what reached the number once it is at least `n` messages. */
    until: (number: string, n: number, ms = 15_000) =>
      graph.until(() => received(number).length >= n && received(number), ms),
    /** Nothing more reaches the number for a while (a doubled or stray send would show here). */
    async quiet(number: string, count: number, ms = 1_500) {
      await new Promise((r) => setTimeout(r, ms));
      expect(received(number)).toHaveLength(count);
    },
  };
}
