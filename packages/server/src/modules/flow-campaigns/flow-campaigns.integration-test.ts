import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow, FlowCampaign } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;
/** Each company's flow and connection. */
const of = new Map<number, { flow: Flow; whatsappId: number }>();

const uid = () => randomBytes(3).toString('hex');

async function setup(tenant: Tenant) {
  const flow = (await tenant.admin.api.post('/api/flowbuilder', { name: `Fluxo ${uid()}` })).body as Flow;
  const conn = await tenant.admin.api.post('/api/whatsapp', { name: `Conexão ${uid()}`, provider: 'sandbox' });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
  of.set(tenant.companyId, { flow, whatsappId: conn.body.id });
}

beforeAll(async () => {
  t = await startTestApp();
  // A plan with no flags at all: flow campaigns need none.
  a = await createTenant(t);
  b = await createTenant(t);
  ana = await createStaff(t, a, { name: 'Ana' });
  await setup(a);
  await setup(b);
});
afterAll(() => t.stop());

const mine = () => of.get(a.companyId)!;
const theirs = () => of.get(b.companyId)!;

async function campaign(api: Api, body: Record<string, unknown> = {}) {
  const res = await api.post('/api/flowcampaign', {
    name: `Promo ${uid()}`,
    flowId: mine().flow.id,
    whatsappId: mine().whatsappId,
    phrase: 'quero desconto',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as FlowCampaign;
}

describe('flow campaigns', () => {
  it('a plain user creates one (201, active), lists them as {flow}, reads one as {details}', async () => {
    const res = await ana.api.post('/api/flowcampaign', {
      name: '  Black Friday ',
      flowId: mine().flow.id,
      whatsappId: mine().whatsappId,
      phrase: ' Quero a promoção ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Black Friday',
      flowId: mine().flow.id,
      whatsappId: mine().whatsappId,
      phrase: 'Quero a promoção',
      status: true,
      companyId: a.companyId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await ana.api.get(`/api/flowcampaign/${res.body.id}`)).body).toEqual({ details: res.body });
    const other = await campaign(a.admin.api, { name: 'Aaa primeira' });
    const list = (await ana.api.get('/api/flowcampaign')).body as { flow: FlowCampaign[] };
    // By name.
    expect(list.flow.map((c) => c.id)).toEqual([other.id, res.body.id]);
    // Another company lists none of them.
    expect((await b.admin.api.get('/api/flowcampaign')).body.flow).not.toContainEqual(
      expect.objectContaining({ companyId: a.companyId }),
    );
  });

  it('PUT changes the whole campaign and switches it off and on', async () => {
    const c = await campaign(ana.api);
    const otherFlow = (await ana.api.post('/api/flowbuilder', { name: 'Outro fluxo' })).body as Flow;
    const off = await ana.api.put('/api/flowcampaign', {
      id: c.id,
      name: 'Renomeada',
      flowId: otherFlow.id,
      whatsappId: mine().whatsappId,
      phrase: 'oi',
      status: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ id: c.id, name: 'Renomeada', flowId: otherFlow.id, phrase: 'oi', status: false });
    const on = await ana.api.put('/api/flowcampaign', { ...off.body, status: true });
    expect(on.body.status).toBe(true);
    expect((await ana.api.get(`/api/flowcampaign/${c.id}`)).body.details).toEqual(on.body);
  });

  it('refuses empty fields, ids not of the company and a missing status (400 naming the field); nothing written', async () => {
    const c = await campaign(ana.api);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const post = (body: Record<string, unknown>) =>
      ana.api.post('/api/flowcampaign', {
        name: 'Válida',
        flowId: mine().flow.id,
        whatsappId: mine().whatsappId,
        phrase: 'oi',
        ...body,
      });
    expectInvalid(await post({ name: '  ' }), 'name');
    expectInvalid(await post({ phrase: '' }), 'phrase');
    expectInvalid(await post({ phrase: 'x'.repeat(201) }), 'phrase');
    expectInvalid(await post({ flowId: undefined }), 'flowId');
    expectInvalid(await post({ whatsappId: undefined }), 'whatsappId');
    // Another company's flow or connection, or none at all.
    expectInvalid(await post({ flowId: theirs().flow.id }), 'flowId');
    expectInvalid(await post({ whatsappId: theirs().whatsappId }), 'whatsappId');
    expectInvalid(await post({ flowId: 2_000_000_000 }), 'flowId');
    const put = (body: Record<string, unknown>) =>
      ana.api.put('/api/flowcampaign', {
        id: c.id,
        name: c.name,
        flowId: c.flowId,
        whatsappId: c.whatsappId,
        phrase: c.phrase,
        status: true,
        ...body,
      });
    expectInvalid(await put({ status: undefined }), 'status');
    expectInvalid(await put({ status: 'sim' }), 'status');
    expectInvalid(await put({ flowId: theirs().flow.id }), 'flowId');
    expectInvalid(await put({ whatsappId: theirs().whatsappId }), 'whatsappId');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('delete needs contacts-page:deleteContact: a plain user gets 403, an admin 204', async () => {
    const c = await campaign(ana.api);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    expectNoPermission(await ana.api.delete(`/api/flowcampaign/${c.id}`));
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
    expect((await a.admin.api.delete(`/api/flowcampaign/${c.id}`)).status).toBe(204);
    expectNotFound(await ana.api.get(`/api/flowcampaign/${c.id}`));
    expectNotFound(await a.admin.api.delete(`/api/flowcampaign/${c.id}`));
  });

  it("another company's campaign is 404 everywhere, and nothing of it changes", async () => {
    const c = (
      await b.admin.api.post('/api/flowcampaign', {
        name: 'Deles',
        flowId: theirs().flow.id,
        whatsappId: theirs().whatsappId,
        phrase: 'oi',
      })
    ).body as FlowCampaign;
    const before = await dbSnapshot(t.running.deps.pools.owner);
    expectNotFound(await ana.api.get(`/api/flowcampaign/${c.id}`));
    expectNotFound(await a.admin.api.delete(`/api/flowcampaign/${c.id}`));
    expectNotFound(
      await ana.api.put('/api/flowcampaign', {
        id: c.id,
        name: 'Nossa',
        flowId: mine().flow.id,
        whatsappId: mine().whatsappId,
        phrase: 'oi',
        status: false,
      }),
    );
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('a deleted flow takes its campaigns with it', async () => {
    const flow = (await ana.api.post('/api/flowbuilder', { name: 'Efêmero' })).body as Flow;
    const c = await campaign(ana.api, { flowId: flow.id });
    expect((await ana.api.delete(`/api/flowbuilder/${flow.id}`)).status).toBe(204);
    expectNotFound(await ana.api.get(`/api/flowcampaign/${c.id}`));
  });
});
