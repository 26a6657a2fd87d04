import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { inTenant } from '../../db/client.js';
import { queueOptions } from '../../db/schema/index.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  const planId = (await createPlan(t, { queues: 100 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');

type Option = Record<string, any> & { id: number; option: string; title: string; children: Option[] };

/** A queue of the tenant, through the API (each with a greeting: companies here have many). */
async function newQueue(tenant: Tenant) {
  const res = await tenant.admin.api.post('/api/queue', {
    name: `Queue ${uid()}`,
    color: `#${randomBytes(3).toString('hex')}`,
    greetingMessage: 'Olá',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function add(tenant: Tenant, queueId: number, patch: Record<string, unknown> = {}): Promise<Option> {
  const res = await tenant.admin.api.post('/api/queue-options', {
    queueId,
    parentId: -1,
    title: `Option ${uid()}`,
    message: 'Mensagem',
    ...patch,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The stored options of a queue, read through the company's own scope. */
const stored = (companyId: number, queueId: number) =>
  inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx.select().from(queueOptions).where(eq(queueOptions.queueId, queueId)).orderBy(queueOptions.id),
  );

/** `[title, option]` of one level, in the order the API answers. */
const level = (options: Option[]) => options.map((o) => [o.title, o.option]);

describe('POST /api/queue-options', () => {
  it('numbers new options 1, 2, 3… among their siblings, at the top and under a parent (201)', async () => {
    const q = await newQueue(a);
    const first = await add(a, q.id, { title: 'Vendas', message: 'Fale com vendas' });
    expect(first).toEqual({
      id: expect.any(Number),
      queueId: q.id,
      parentId: null,
      title: 'Vendas',
      message: 'Fale com vendas',
      option: '1',
      children: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await add(a, q.id, { parentId: null })).option).toBe('2');
    expect((await add(a, q.id, { parentId: undefined })).option).toBe('3');
    const child = await add(a, q.id, { parentId: first.id, title: 'Novos' });
    expect(child).toMatchObject({ parentId: first.id, option: '1' });
    expect((await add(a, q.id, { parentId: first.id })).option).toBe('2');
    const rows = await stored(a.companyId, q.id);
    expect(rows.map((r) => [r.parentId, r.option])).toEqual([
      [null, '1'],
      [null, '2'],
      [null, '3'],
      [first.id, '1'],
      [first.id, '2'],
    ]);
    expect(rows.every((r) => r.companyId === a.companyId)).toBe(true);
  });

  it('takes a number given as text or as a JSON number, and counts on from the highest', async () => {
    const q = await newQueue(a);
    expect((await add(a, q.id, { option: 5 })).option).toBe('5');
    expect((await add(a, q.id)).option).toBe('6');
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(101) }],
    ['option', { option: 'a' }],
    ['option', { option: '0' }],
    ['queueId', { queueId: undefined }],
    ['parentId', { parentId: 'top' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, patch) => {
    const q = await newQueue(a);
    expectInvalid(await a.admin.api.post('/api/queue-options', { queueId: q.id, title: 'T', ...patch }), field);
    expect(await stored(a.companyId, q.id)).toEqual([]);
  });

  it('refuses a number a sibling already has (400 option)', async () => {
    const q = await newQueue(a);
    await add(a, q.id);
    expectInvalid(
      await a.admin.api.post('/api/queue-options', { queueId: q.id, title: 'Twin', option: '1' }),
      'option',
    );
    expect(await stored(a.companyId, q.id)).toHaveLength(1);
  });

  it('refuses a parent from another queue or another company (400 parentId), writing nothing', async () => {
    const q = await newQueue(a);
    const elsewhere = await add(a, (await newQueue(a)).id);
    const foreign = await add(b, (await newQueue(b)).id);
    for (const parentId of [elsewhere.id, foreign.id, 2_000_000_000]) {
      expectInvalid(
        await a.admin.api.post('/api/queue-options', { queueId: q.id, parentId, title: 'Child' }),
        'parentId',
      );
    }
    expect(await stored(a.companyId, q.id)).toEqual([]);
  });

  it("answers 404 for another company's queue, and refuses a plain user (403)", async () => {
    const theirs = await newQueue(b);
    expectNotFound(await a.admin.api.post('/api/queue-options', { queueId: theirs.id, title: 'Intruder' }));
    expect(await stored(b.companyId, theirs.id)).toEqual([]);
    const q = await newQueue(a);
    expectNoPermission(await staff.api.post('/api/queue-options', { queueId: q.id, title: 'By staff' }));
    expect(await stored(a.companyId, q.id)).toEqual([]);
  });
});

describe('GET /api/queue-options', () => {
  it('answers one level as a bare array ordered by number, each with its subtree', async () => {
    const q = await newQueue(a);
    const ten = await add(a, q.id, { title: 'Ten', option: '10' });
    const two = await add(a, q.id, { title: 'Two', option: '2' });
    const child = await add(a, q.id, { title: 'Child', parentId: two.id });
    const grandchild = await add(a, q.id, { title: 'Grandchild', parentId: child.id });

    for (const query of [`queueId=${q.id}&parentId=-1`, `queueId=${q.id}`]) {
      const res = await staff.api.get(`/api/queue-options?${query}`);
      expect(res.status).toBe(200);
      expect(level(res.body)).toEqual([
        ['Two', '2'],
        ['Ten', '10'],
      ]);
      expect(res.body[0]).toMatchObject({
        id: two.id,
        queueId: q.id,
        parentId: null,
        message: 'Mensagem',
        children: [{ id: child.id, title: 'Child', option: '1', children: [{ id: grandchild.id, children: [] }] }],
      });
      expect(res.body[1]).toMatchObject({ id: ten.id, children: [] });
    }

    const under = await a.admin.api.get(`/api/queue-options?queueId=${q.id}&parentId=${two.id}`);
    expect(under.status).toBe(200);
    expect(under.body).toMatchObject([{ id: child.id, parentId: two.id, children: [{ id: grandchild.id }] }]);
  });

  it("refuses a missing or bad queueId (400) and answers 404 for another company's queue", async () => {
    expectInvalid(await a.admin.api.get('/api/queue-options'), 'queueId');
    expectInvalid(await a.admin.api.get('/api/queue-options?queueId=abc'), 'queueId');
    const q = await newQueue(a);
    expectInvalid(await a.admin.api.get(`/api/queue-options?queueId=${q.id}&parentId=x`), 'parentId');
    const theirs = await newQueue(b);
    await add(b, theirs.id);
    expectNotFound(await a.admin.api.get(`/api/queue-options?queueId=${theirs.id}`));
  });
});

describe('GET /api/queue-options/:id', () => {
  it('answers the option with its subtree to any staff member', async () => {
    const q = await newQueue(a);
    const top = await add(a, q.id, { title: 'Top' });
    const child = await add(a, q.id, { parentId: top.id, title: 'Child' });
    const res = await staff.api.get(`/api/queue-options/${top.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: top.id,
      title: 'Top',
      option: '1',
      children: [{ id: child.id, title: 'Child' }],
    });
  });

  it("answers 404 for another company's option and 400 for a bad id", async () => {
    const theirs = await add(b, (await newQueue(b)).id);
    expectNotFound(await a.admin.api.get(`/api/queue-options/${theirs.id}`));
    expectInvalid(await a.admin.api.get('/api/queue-options/abc'), 'id');
  });
});

describe('PUT /api/queue-options/:id', () => {
  it('changes title, message and number, and keeps queue and parent', async () => {
    const q = await newQueue(a);
    const top = await add(a, q.id);
    const child = await add(a, q.id, { parentId: top.id });
    const res = await a.admin.api.put(`/api/queue-options/${child.id}`, {
      title: 'Renamed',
      message: 'Nova mensagem',
      option: '4',
      queueId: 999,
      parentId: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: child.id, title: 'Renamed', message: 'Nova mensagem', option: '4' });
    expect((await stored(a.companyId, q.id)).find((r) => r.id === child.id)).toMatchObject({
      title: 'Renamed',
      message: 'Nova mensagem',
      option: '4',
      queueId: q.id,
      parentId: top.id,
    });
  });

  it("refuses bad input or a sibling's number (400) and keeps the option", async () => {
    const q = await newQueue(a);
    const one = await add(a, q.id);
    const two = await add(a, q.id);
    expectInvalid(await a.admin.api.put(`/api/queue-options/${two.id}`, { title: '' }), 'title');
    expectInvalid(await a.admin.api.put(`/api/queue-options/${two.id}`, { option: one.option }), 'option');
    expect((await stored(a.companyId, q.id)).find((r) => r.id === two.id)).toMatchObject({
      title: two.title,
      option: '2',
    });
  });

  it("refuses a plain user (403) and answers 404 for another company's option", async () => {
    const mine = await add(a, (await newQueue(a)).id);
    const theirsQueue = await newQueue(b);
    const theirs = await add(b, theirsQueue.id);
    expectNoPermission(await staff.api.put(`/api/queue-options/${mine.id}`, { title: 'By staff' }));
    expectNotFound(await a.admin.api.put(`/api/queue-options/${theirs.id}`, { title: 'Taken' }));
    expect((await stored(b.companyId, theirsQueue.id))[0]?.title).toBe(theirs.title);
  });
});

describe('DELETE /api/queue-options/:id', () => {
  it('deletes the option with its whole subtree and numbers the remaining siblings 1..n', async () => {
    const q = await newQueue(a);
    const one = await add(a, q.id, { title: 'One' });
    const two = await add(a, q.id, { title: 'Two' });
    const three = await add(a, q.id, { title: 'Three' });
    const four = await add(a, q.id, { title: 'Four' });
    const child = await add(a, q.id, { parentId: two.id });
    await add(a, q.id, { parentId: two.id });
    await add(a, q.id, { parentId: child.id });
    const kept = await add(a, q.id, { parentId: three.id, title: 'Kept child' });

    expect((await a.admin.api.delete(`/api/queue-options/${two.id}`)).status).toBe(204);

    const top = (await a.admin.api.get(`/api/queue-options?queueId=${q.id}`)).body as Option[];
    expect(top.map((o) => [o.id, o.option])).toEqual([
      [one.id, '1'],
      [three.id, '2'],
      [four.id, '3'],
    ]);
    expect(top[1]!.children.map((o) => [o.id, o.option])).toEqual([[kept.id, '1']]);
    expect((await stored(a.companyId, q.id)).map((r) => r.id).sort((x, y) => x - y)).toEqual(
      [one.id, three.id, four.id, kept.id].sort((x, y) => x - y),
    );
  });

  it('renumbers only the level the option was in', async () => {
    const q = await newQueue(a);
    const top = await add(a, q.id);
    await add(a, q.id);
    const c1 = await add(a, q.id, { parentId: top.id });
    const c2 = await add(a, q.id, { parentId: top.id });
    const c3 = await add(a, q.id, { parentId: top.id });
    expect((await a.admin.api.delete(`/api/queue-options/${c1.id}`)).status).toBe(204);
    const rows = await stored(a.companyId, q.id);
    expect(rows.map((r) => [r.parentId, r.option])).toEqual([
      [null, '1'],
      [null, '2'],
      [top.id, '1'],
      [top.id, '2'],
    ]);
    expect(rows.slice(2).map((r) => r.id)).toEqual([c2.id, c3.id]);
  });

  it("refuses a plain user (403) and answers 404 for another company's option, deleting nothing", async () => {
    const q = await newQueue(a);
    const mine = await add(a, q.id);
    const theirsQueue = await newQueue(b);
    const theirs = await add(b, theirsQueue.id);
    expectNoPermission(await staff.api.delete(`/api/queue-options/${mine.id}`));
    expectNotFound(await a.admin.api.delete(`/api/queue-options/${theirs.id}`));
    expectInvalid(await a.admin.api.delete('/api/queue-options/abc'), 'id');
    expect(await stored(a.companyId, q.id)).toHaveLength(1);
    expect(await stored(b.companyId, theirsQueue.id)).toHaveLength(1);
  });
});
