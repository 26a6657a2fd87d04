import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import type { Api } from '../../../test/support/client.js';
import { createPlan, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound, expectSignedOut } from '../../../test/support/expect.js';

let t: TestApp;
let operator: Api;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  operator = t.api.as(await t.superToken());
  tenant = await createTenant(t);
});
afterAll(() => t.stop());

const uniqueName = () => `Plan ${randomBytes(4).toString('hex')}`;
const FULL_PLAN = {
  users: 7,
  connections: 3,
  queues: 4,
  value: 149.9,
  useCampaigns: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: true,
  useSchedules: false,
  useInternalChat: true,
  useExternalApi: false,
};

/** The stored plan, as the operator reads it. */
const readPlan = async (id: number) => (await operator.get(`/api/plans/${id}`)).body;
const planNames = async () => ((await t.api.get('/api/plans/list')).body as Array<{ name: string }>).map((p) => p.name);

describe('GET /api/plans/list', () => {
  it('is public: answers a bare array of every plan with its limits and flags', async () => {
    const plan = await createPlan(t, { name: uniqueName(), ...FULL_PLAN });
    const res = await t.api.get('/api/plans/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: plan.id, name: plan.name, ...FULL_PLAN }));
  });
});

describe('GET /api/plans/all', () => {
  it('answers a signed-in user a bare array of every plan', async () => {
    const plan = await createPlan(t, { name: uniqueName(), ...FULL_PLAN });
    const res = await tenant.admin.api.get('/api/plans/all');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: plan.id, ...FULL_PLAN }));
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/plans/all'));
  });
});

describe('GET /api/plans/{id}', () => {
  it('answers one plan', async () => {
    const plan = await createPlan(t, { name: uniqueName(), ...FULL_PLAN });
    const res = await tenant.admin.api.get(`/api/plans/${plan.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plan.id, name: plan.name, ...FULL_PLAN });
  });

  it('names the bad id', async () => {
    expectInvalid(await operator.get('/api/plans/abc'), 'id');
  });

  it('answers 404 for an unknown plan', async () => {
    expectNotFound(await operator.get('/api/plans/999999'));
  });

  it('names an id past the integer range (never a 500)', async () => {
    expectInvalid(await operator.get(`/api/plans/${2 ** 31}`), 'id');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/plans/1'));
  });
});

describe('POST /api/plans', () => {
  it('creates a plan with every field the operator sends', async () => {
    const name = uniqueName();
    const res = await operator.post('/api/plans', { name, ...FULL_PLAN });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name, ...FULL_PLAN });
    expect(await readPlan(res.body.id)).toMatchObject({ name, ...FULL_PLAN });
  });

  it("reads a form's numeric text as a number", async () => {
    const res = await operator.post('/api/plans', { name: uniqueName(), users: '5', value: '19.90' });
    expect(res.status).toBe(201);
    expect(await readPlan(res.body.id)).toMatchObject({ users: 5, value: 19.9 });
  });

  it('fills the defaults: no limits set, every feature on', async () => {
    const res = await operator.post('/api/plans', { name: uniqueName() });
    expect(res.status).toBe(201);
    expect(await readPlan(res.body.id)).toMatchObject({
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      useCampaigns: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
    });
  });

  it.each([
    ['name', { name: 'x' }],
    ['name', { name: 'x'.repeat(51) }],
    ['name', { name: 'Plan\u0000NUL' }],
    ['users', { name: uniqueName(), users: -1 }],
    ['users', { name: uniqueName(), users: '' }],
    ['users', { name: uniqueName(), users: null }],
    ['connections', { name: uniqueName(), connections: 1.5 }],
    ['value', { name: uniqueName(), value: 'free' }],
    ['useKanban', { name: uniqueName(), useKanban: 'yes' }],
  ])('names the bad field %s and writes nothing', async (field, body) => {
    expectInvalid(await operator.post('/api/plans', body), field);
    expect(await planNames()).not.toContain(body.name);
  });

  it('refuses a duplicate name (field name) and writes nothing', async () => {
    const plan = await createPlan(t, { name: uniqueName() });
    expectInvalid(await operator.post('/api/plans', { name: plan.name, users: 99 }), 'name');
    const same = (await planNames()).filter((n) => n === plan.name);
    expect(same).toHaveLength(1);
    expect(await readPlan(plan.id)).toMatchObject({ users: 10 });
  });

  it('is for super users only: a company admin gets 403 and nothing is written', async () => {
    const name = uniqueName();
    expectNoPermission(await tenant.admin.api.post('/api/plans', { name }));
    expect(await planNames()).not.toContain(name);
  });
});

describe('PUT /api/plans/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const plan = await createPlan(t, { name: uniqueName(), ...FULL_PLAN });
    const name = uniqueName();
    const res = await operator.put(`/api/plans/${plan.id}`, { name, useKanban: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plan.id, name, ...FULL_PLAN, useKanban: false });
    expect(await readPlan(plan.id)).toMatchObject({ name, ...FULL_PLAN, useKanban: false });
  });

  it('names the bad field and changes nothing', async () => {
    const plan = await createPlan(t, { name: uniqueName(), ...FULL_PLAN });
    expectInvalid(await operator.put(`/api/plans/${plan.id}`, { name: 'x'.repeat(51), users: 1 }), 'name');
    expect(await readPlan(plan.id)).toMatchObject({ name: plan.name, ...FULL_PLAN });
  });

  it("refuses another plan's name (field name) and changes nothing", async () => {
    const [a, b] = [await createPlan(t, { name: uniqueName() }), await createPlan(t, { name: uniqueName() })];
    expectInvalid(await operator.put(`/api/plans/${b.id}`, { name: a.name }), 'name');
    expect((await readPlan(b.id)).name).toBe(b.name);
  });

  it('answers 404 for an unknown plan', async () => {
    expectNotFound(await operator.put('/api/plans/999999', { name: uniqueName() }));
  });

  it('is for super users only: a company admin gets 403 and nothing changes', async () => {
    const plan = await createPlan(t, { name: uniqueName() });
    expectNoPermission(await tenant.admin.api.put(`/api/plans/${plan.id}`, { users: 1000 }));
    expect((await readPlan(plan.id)).users).toBe(10);
  });
});

describe('DELETE /api/plans/{id}', () => {
  it('deletes a plan no company uses', async () => {
    const plan = await createPlan(t);
    expect((await operator.delete(`/api/plans/${plan.id}`)).status).toBe(204);
    expectNotFound(await operator.get(`/api/plans/${plan.id}`));
  });

  it('refuses to delete a plan a company is on, and keeps it', async () => {
    const plan = await createPlan(t);
    await createTenant(t, { planId: plan.id });
    expectInvalid(await operator.delete(`/api/plans/${plan.id}`), 'id');
    expect((await operator.get(`/api/plans/${plan.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown plan', async () => {
    expectNotFound(await operator.delete('/api/plans/999999'));
  });

  it('is for super users only: a company admin gets 403 and the plan stays', async () => {
    const plan = await createPlan(t);
    expectNoPermission(await tenant.admin.api.delete(`/api/plans/${plan.id}`));
    expect((await operator.get(`/api/plans/${plan.id}`)).status).toBe(200);
  });
});
