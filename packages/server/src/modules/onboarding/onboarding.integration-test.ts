import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectSignedOut } from '../../../test/support/expect.js';
import { inTenant } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { campaigns, queues, whatsapps } from '../../db/schema/index.js';

const eqId = (id: number) => eq(whatsapps.id, id);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const done = async (tenant: Tenant) => {
  const res = await tenant.admin.api.get('/api/onboarding');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.items as Array<{ key: string; done: boolean }>).map((i) => [i.key, i.done]));
};
const write = <T>(tenant: Tenant, fn: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(t.running.deps.pools.db, tenant.companyId, fn);

describe('GET /api/onboarding', () => {
  it('starts with nothing done, in the order a company does it, and not dismissed', async () => {
    const tenant = await createTenant(t);
    const res = await tenant.admin.api.get('/api/onboarding');
    expect(res.body).toEqual({
      items: ['connection', 'queue', 'teammate', 'firstAnswer', 'campaign'].map((key) => ({ key, done: false })),
      dismissed: false,
    });
  });

  it('ticks each step from the company’s rows: a connected number, a queue, a teammate, a person’s answer, a campaign', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    // A connection that never connected is not the step; a connected one (the sandbox phone) is.
    const [conn] = await write(tenant, (tx) =>
      tx
        .insert(whatsapps)
        .values({ companyId: tenant.companyId, name: `Sandbox ${uid()}`, provider: 'sandbox', token: uid(), isDefault: true })
        .returning(),
    );
    expect((await done(tenant)).connection).toBe(false);
    await write(tenant, (tx) => tx.update(whatsapps).set({ status: 'CONNECTED' }).where(eqId(conn!.id)));
    expect(await done(tenant)).toEqual({
      connection: true,
      queue: false,
      teammate: false,
      firstAnswer: false,
      campaign: false,
    });

    await write(tenant, (tx) => tx.insert(queues).values({ companyId: tenant.companyId, name: 'Vendas', color: '#0a0' }));
    await createStaff(t, tenant);
    expect(await done(tenant)).toMatchObject({ queue: true, teammate: true, firstAnswer: false });

    // A person answers a customer through the inbox.
    const contact = await tenant.admin.api.post('/api/contacts', { name: 'Joana Lima', number: '5511966661234' });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const ticket = await tenant.admin.api.post('/api/tickets', { contactId: contact.body.id, whatsappId: conn!.id });
    expect(ticket.status, JSON.stringify(ticket.body)).toBeLessThan(300);
    const sent = await tenant.admin.api.post(`/api/messages/${ticket.body.id}`, { body: 'Olá, Joana!' });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    expect((await done(tenant)).firstAnswer).toBe(true);

    await write(tenant, (tx) => tx.insert(campaigns).values({ companyId: tenant.companyId, name: 'Natal' }));
    expect(Object.values(await done(tenant)).every(Boolean)).toBe(true);

    // Another company's rows tick nothing here.
    expect(Object.values(await done(other)).some(Boolean)).toBe(false);
  });

  it('is read by every signed-in user and needs a session', async () => {
    const tenant = await createTenant(t);
    const staff = await createStaff(t, tenant);
    expect((await staff.api.get('/api/onboarding')).status).toBe(200);
    expectSignedOut(await t.api.get('/api/onboarding'));
  });
});

describe('PUT /api/onboarding', () => {
  it('closes the checklist for the whole company (not another), and brings it back', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const staff = await createStaff(t, tenant);
    const res = await tenant.admin.api.put('/api/onboarding', { dismissed: true });
    expect(res.status).toBe(200);
    expect(res.body.dismissed).toBe(true);
    expect((await staff.api.get('/api/onboarding')).body.dismissed).toBe(true);
    expect((await other.admin.api.get('/api/onboarding')).body.dismissed).toBe(false);
    expect((await tenant.admin.api.put('/api/onboarding', { dismissed: false })).body.dismissed).toBe(false);
    expect((await tenant.admin.api.get('/api/onboarding')).body.dismissed).toBe(false);
  });

  it('is for admins: a user gets 403 and nothing changes', async () => {
    const tenant = await createTenant(t);
    const staff = await createStaff(t, tenant);
    expectNoPermission(await staff.api.put('/api/onboarding', { dismissed: true }));
    expect((await tenant.admin.api.get('/api/onboarding')).body.dismissed).toBe(false);
  });

  it('names a bad body', async () => {
    const tenant = await createTenant(t);
    expectInvalid(await tenant.admin.api.put('/api/onboarding', { dismissed: 'yes' }), 'dismissed');
    expectInvalid(await tenant.admin.api.put('/api/onboarding', {}), 'dismissed');
  });
});
