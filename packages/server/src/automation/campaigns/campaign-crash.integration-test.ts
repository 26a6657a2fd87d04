import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import type { CampaignDetail } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { eventually } from '../../../test/support/eventually.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { startSecondProcess } from '../../../test/support/second-process.js';

/**
 * Acceptance (issue 14, point 3): a campaign of 2,000 contacts; the process running it (its
 * sweep and the Cloud API session) is killed with SIGKILL mid-run and started again: every
 * contact gets its message exactly once. Process A (this test's) serves the API and receives
 * Meta's status webhooks and holds no session (its sweep passes once a minute); B runs the
 * campaign sweep and the Cloud API session, and dies.
 */
const CONTACTS = 2_000;

let graph: FakeGraph;
let a: TestApp;
let tenant: Tenant;
let b: ChildProcess | undefined;

const q = async (text: string, params: unknown[] = []) => (await a.running.deps.pools.owner.query(text, params)).rows;

/** Process B, with the campaign sweep and the sessions, on A's database and the fake Graph API. */
async function startB(): Promise<ChildProcess> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    CAMPAIGN_SWEEP_MS: '200',
    // What was being sent when B died and no status settled is sent again once B is back.
    OUTBOX_IN_DOUBT_MS: '3000',
  });
  try {
    return (await startSecondProcess(a.dbUrl)).child;
  } finally {
    process.env = saved;
  }
}

beforeAll(async () => {
  // Meta answers in ~5 ms here, so a kill meets sends under way.
  graph = await startFakeGraph({ latencyMs: 5 });
  a = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`, CAMPAIGN_SWEEP_MS: '60000' });
  await a.running.deps.sessions.stop();
  tenant = await createTenant(a);
});
afterAll(async () => {
  if (b && b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
  // The fake first: its status posts (retried every 500 ms) must not keep A's server busy.
  await graph?.close();
  await a?.stop();
}, 150_000);

describe('a campaign survives kill -9', () => {
  it('every one of 2,000 contacts gets exactly one message', async () => {
    const conn = await insertCloudConnection(a, tenant.companyId, {
      sessionWanted: true,
      isDefault: true,
      messagesPerSecond: 400,
    });
    // Statuses go to A, alive throughout: what B sent just before dying is settled by them.
    graph.webhook(conn.phoneNumberId!, {
      url: `${a.url}/api/webhooks/whatsapp/${conn.id}`,
      appSecret: conn.appSecret!,
    });
    const api = tenant.admin.api;
    const list = (await api.post('/api/contact-lists', { name: 'Lista do crash' })).body as { id: number };
    await q(
      `insert into contact_list_items (company_id, contact_list_id, name, number, email)
       select $1, $2, 'Cliente ' || i, '5521' || (970000000 + i)::text, '' from generate_series(1, $3) i`,
      [tenant.companyId, list.id, CONTACTS],
    );
    const settings = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
    expect((await api.post('/api/campaign-settings', { settings })).status).toBe(200);

    b = await startB();
    const created = await api.post('/api/campaigns', {
      name: 'Campanha do crash',
      contactListId: list.id,
      whatsappId: conn.id,
      scheduledAt: new Date().toISOString(),
      message1: 'Olá {{firstName}}!',
      message2: 'Oi {{firstName}}, novidades!',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const campaignId = (created.body as CampaignDetail).id;

    // Mid-run: B dies with sends under way.
    await eventually(async () => graph.sent.length >= CONTACTS * 0.3, 60_000, 'a third of the sends');
    b.kill('SIGKILL');
    await new Promise((r) => b!.once('exit', r));
    const sentAtKill = graph.sent.length;
    expect(sentAtKill).toBeLessThan(CONTACTS);

    // B again: it takes the session once the dead one's lease runs out, and finishes the campaign.
    b = await startB();
    const done = await eventually(
      async () => {
        const c = (await api.get(`/api/campaigns/${campaignId}`)).body as CampaignDetail;
        return c.status === 'FINALIZADA' ? c : undefined;
      },
      120_000,
      'FINALIZADA',
    );
    await new Promise((r) => setTimeout(r, 1_000)); // a late second send would show by now

    const perNumber = new Map<string, number>();
    for (const s of graph.sent) perNumber.set(s.body.to, (perNumber.get(s.body.to) ?? 0) + 1);
    const doubled = [...perNumber.entries()].filter(([, n]) => n > 1);
    expect(doubled, 'numbers written to twice').toEqual([]);
    expect(perNumber.size, 'numbers written to').toBe(CONTACTS);
    expect(done).toMatchObject({ validContacts: CONTACTS, delivered: CONTACTS, failed: 0 });
    expect(sentAtKill).toBeGreaterThan(0);
  }, 240_000);
});
