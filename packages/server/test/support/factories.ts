import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { Api } from './client.js';
import { inTenant } from '../../src/db/client.js';
import { queueOptions, whatsappQueues, whatsapps } from '../../src/db/schema/index.js';

const uid = () => randomBytes(4).toString('hex');

export interface Tenant {
  companyId: number;
  admin: { id: number; email: string; password: string; token: string; api: Api };
}

/** A plan created by the platform operator. */
export async function createPlan(t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await t.api.as(await t.superToken()).post('/api/plans', {
    name: `Plan ${uid()}`,
    users: 10,
    connections: 5,
    queues: 5,
    value: 99.9,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string } & Record<string, unknown>;
}

/** A company signed up through the public endpoint, and its admin signed in. */
export async function signupTenant(t: TestApp, overrides: { planId?: number; name?: string } = {}): Promise<Tenant> {
  const planId = overrides.planId ?? (await createPlan(t)).id;
  const email = `admin-${uid()}@example.com`;
  // Signup's password rule is the reset's (8+, mixed case, a digit).
  const password = 'Secret-pass1';
  const res = await t.api.post('/api/companies/cadastro', {
    name: overrides.name ?? `Company ${uid()}`,
    email,
    password,
    planId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = await login(t, email, password);
  return {
    companyId: res.body.id,
    admin: { id: session.user.id, email, password, token: session.token, api: t.api.as(session.token) },
  };
}

export async function login(t: TestApp, email: string, password: string) {
  const res = await t.api.post('/api/auth/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { token: string; user: { id: number; companyId: number } & Record<string, any> };
}

/** A staff member created by the tenant's admin, and signed in. */
export async function createStaff(t: TestApp, tenant: Tenant, overrides: Record<string, unknown> = {}) {
  const email = `user-${uid()}@example.com`;
  const password = 'secret1';
  const res = await tenant.admin.api.post('/api/users', { name: `User ${uid()}`, email, password, ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = await login(t, email, password);
  return { id: res.body.id as number, email, password, token: session.token, api: t.api.as(session.token) };
}

/**
 * A company created by the platform operator (with its first admin), and that admin signed in.
 * Same result as `signupTenant`, without the public signup's per-address limit (10 an hour).
 */
export async function createTenant(t: TestApp, overrides: { planId?: number; name?: string } = {}): Promise<Tenant> {
  const planId = overrides.planId ?? (await createPlan(t)).id;
  const email = `admin-${uid()}@example.com`;
  const password = 'secret1';
  const res = await t.api.as(await t.superToken()).post('/api/companies', {
    name: overrides.name ?? `Company ${uid()}`,
    email,
    password,
    planId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = await login(t, email, password);
  return {
    companyId: res.body.id,
    admin: { id: session.user.id, email, password, token: session.token, api: t.api.as(session.token) },
  };
}

/**
 * A Cloud API connection written straight to the database (the connections CRUD is not what is
 * tested here). `sessionWanted: true` plus `sessionsOf(t).tick()` starts its channel.
 */
export async function insertCloudConnection(
  t: TestApp,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const [row] = await inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx
      .insert(whatsapps)
      .values({
        companyId,
        name: `Cloud ${uid()}`,
        provider: 'cloud',
        token: randomBytes(30).toString('base64url'),
        phoneNumberId: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
        accessToken: `EAAG${randomBytes(24).toString('hex')}`,
        appSecret: randomBytes(16).toString('hex'),
        verifyToken: randomBytes(12).toString('hex'),
        ...overrides,
      })
      .returning(),
  );
  return row!;
}

/**
 * A chatbot option of a queue written straight to the database (its endpoints are not what the
 * chatbot tests exercise). `parentId` null is the queue's top level; `option` is its number.
 */
export async function insertQueueOption(
  t: TestApp,
  companyId: number,
  values: { queueId: number; parentId?: number | null; option: string; title: string; message?: string },
) {
  const [row] = await inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx
      .insert(queueOptions)
      .values({ companyId, parentId: null, message: '', ...values })
      .returning(),
  );
  return row!;
}

/** Links queues to a connection (its menu lists them in orderQueue order). */
export async function linkConnectionQueues(t: TestApp, companyId: number, whatsappId: number, queueIds: number[]) {
  await inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId, queueId }))),
  );
}
