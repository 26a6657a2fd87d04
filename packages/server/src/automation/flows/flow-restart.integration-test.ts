import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { phone } from '../../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { startSecondProcess } from '../../../test/support/second-process.js';
import { change, delivery, entry, postDelivery, profile, text } from '../../../test/support/cloud-webhook.js';
import { edge, insertFlow, insertFlowCampaign, node } from '../../../test/support/flows.js';

/**
 * Acceptance (issue 15, point 3): a run waiting in an interval and one waiting on a question; the
 * process holding the work (B: the Cloud API session, the webhook the customers write to, the
 * flows' sweep) is killed with SIGKILL — the answer to the question on its way in — and started
 * again: both runs resume and finish, nothing is sent twice. Process A (this test's) only writes
 * the flows and receives Meta's statuses; it holds no session and sweeps once a minute.
 */
let graph: FakeGraph;
let a: TestApp;
let tenant: Tenant;
let b: { url: string; child: ChildProcess } | undefined;
let conn: Awaited<ReturnType<typeof insertCloudConnection>>;

const q = async (sql: string, params: unknown[] = []) => (await a.running.deps.pools.owner.query(sql, params)).rows;

async function startB() {
  const saved = { ...process.env };
  Object.assign(process.env, {
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    FLOW_SWEEP_MS: '200',
    OUTBOX_IN_DOUBT_MS: '3000',
  });
  try {
    return await startSecondProcess(a.dbUrl);
  } finally {
    process.env = saved;
  }
}

const deliveryOf = (number: string, message: ReturnType<typeof text>) =>
  delivery(entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Cliente')], messages: [message] })));
const received = (number: string) =>
  graph.sent.filter((s) => s.body.to === number).map((s) => s.body.text?.body as string);

beforeAll(async () => {
  graph = await startFakeGraph({ latencyMs: 5 });
  a = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`, FLOW_SWEEP_MS: '60000' });
  await a.running.deps.sessions.stop();
  tenant = await createTenant(a);
  conn = await insertCloudConnection(a, tenant.companyId, { sessionWanted: true });
  graph.webhook(conn.phoneNumberId!, { url: `${a.url}/api/webhooks/whatsapp/${conn.id}`, appSecret: conn.appSecret! });
});
afterAll(async () => {
  if (b && b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
  await a?.stop();
  await graph?.close();
});

describe('flow runs survive kill -9', () => {
  it('a run in an interval and one on a question both resume and finish; nothing is sent twice', async () => {
    const waits = await insertFlow(a, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('before', 'message', { label: 'Antes da pausa' }),
        node('pause', 'interval', { sec: 3 }),
        node('after', 'message', { label: 'Depois da pausa' }),
      ],
      connections: [edge('1', 'before'), edge('before', 'pause'), edge('pause', 'after')],
    });
    const asks = await insertFlow(a, tenant.companyId, {
      nodes: [
        node('1', 'start', {}),
        node('ask', 'question', { typebotIntegration: { message: 'Como você se chama?', answerKey: 'nome' } }),
        node('thanks', 'message', { label: 'Obrigado, {{nome}}!' }),
      ],
      connections: [edge('1', 'ask'), edge('ask', 'thanks')],
    });
    await insertFlowCampaign(a, tenant.companyId, { flowId: waits.id, whatsappId: conn.id, phrase: 'pausa' });
    await insertFlowCampaign(a, tenant.companyId, { flowId: asks.id, whatsappId: conn.id, phrase: 'pergunta' });

    b = await startB();
    const x = phone();
    const y = phone();
    expect((await postDelivery(b.url, conn.id, deliveryOf(x, text(x, 'quero a pausa')), conn.appSecret)).status).toBe(
      200,
    );
    expect((await postDelivery(b.url, conn.id, deliveryOf(y, text(y, 'uma pergunta')), conn.appSecret)).status).toBe(
      200,
    );
    await graph.until(() => received(x).length === 1 && received(y).length === 1, 30_000);
    const runs = async () =>
      q(`select r.status, r.waiting, r.node_id, r.step, c.number from flow_runs r
         join tickets t on t.id = r.ticket_id join contacts c on c.id = t.contact_id order by r.id`);
    expect(await runs()).toMatchObject([
      { status: 'waiting', waiting: 'time', node_id: 'pause', number: x },
      { status: 'waiting', waiting: 'input', node_id: 'ask', number: y },
    ]);

    // The answer on its way in as B dies (stored or not: Meta delivers again until it gets a 200).
    const answer = text(y, 'Ana');
    const inFlight = postDelivery(b.url, conn.id, deliveryOf(y, answer), conn.appSecret).then(
      (r) => r.status,
      () => 0,
    );
    await new Promise((r) => setTimeout(r, 15));
    b.child.kill('SIGKILL');
    await new Promise((r) => b!.child.once('exit', r));
    const answered = await inFlight;
    // The interval ends while no process runs it.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(received(x)).toEqual(['Antes da pausa']);

    b = await startB();
    if (answered !== 200) {
      expect((await postDelivery(b.url, conn.id, deliveryOf(y, answer), conn.appSecret)).status).toBe(200);
    }
    await graph.until(() => received(x).length >= 2 && received(y).length >= 2, 60_000);
    await new Promise((r) => setTimeout(r, 1_500)); // a late second send would show by now

    expect(received(x)).toEqual(['Antes da pausa', 'Depois da pausa']);
    expect(received(y)).toEqual(['Como você se chama?', 'Obrigado, Ana!']);
    expect(await runs()).toMatchObject([
      { status: 'done', waiting: null, node_id: 'after', step: 2 },
      { status: 'done', waiting: null, node_id: 'thanks', step: 2 },
    ]);
  }, 120_000);
});
