import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound, expectSignedOut } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import type { Api } from '../../../test/support/client.js';
import {
  inbound,
  insertConnection,
  insertQueue,
  listen,
  phone,
  settle,
  updateTicketRow,
} from '../../../test/support/inbox.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface TagView {
  id: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  ticketsCount: number;
}
interface TicketTags {
  id: number;
  tags: Array<{ id: number; name: string; color: string; kanban: number }>;
}
interface TicketEvent {
  action: string;
  ticket?: TicketTags;
}

let t: TestApp;
/** `a` is the company under test, `b` its neighbour, `noKanban` a company whose plan lacks useKanban. */
let a: Tenant;
let b: Tenant;
let noKanban: Tenant;
let qA: { id: number };
let qB: { id: number };
let conn: { id: number; companyId: number };
/** Ana works queue A, Bruno queue B. */
let ana: Staff;
let bruno: Staff;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  noKanban = await createTenant(t, { planId: (await createPlan(t, { useKanban: false })).id });
  qA = await insertQueue(t, a.companyId);
  qB = await insertQueue(t, a.companyId);
  conn = await insertConnection(t, a.companyId, { isDefault: true });
  ana = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  bruno = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const connect = async (token: string) => {
  const s = await connectSocket(t.url, token);
  open.push(s);
  return s;
};

async function tagOf(api: Api, patch: Record<string, unknown> = {}) {
  const res = await api.post('/api/tags', { name: `Tag ${uid()}`, ...patch });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TagView;
}

/** A customer's ticket in company a, in queue A unless told otherwise. */
async function ticketIn(queueId: number | null = qA.id) {
  const r = await inbound(t, conn, { number: phone(), name: 'Cliente' }, 'Olá');
  if (queueId !== null) await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return r.ticketId;
}

const tagsOfTicket = async (ticketId: number) => {
  const res = await a.admin.api.get(`/api/tickets/${ticketId}`);
  expect(res.status).toBe(200);
  return (res.body as TicketTags).tags;
};
const tagIds = async (ticketId: number) => (await tagsOfTicket(ticketId)).map((x) => x.id).sort();

const search = async (api: Api, text: string, pageNumber = 1) => {
  const res = await api.get(`/api/tags?searchParam=${encodeURIComponent(text)}&pageNumber=${pageNumber}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tags: TagView[]; hasMore: boolean };
};

describe('POST /api/tags', () => {
  it('creates a tag of the caller (201), read back by id, and tells the company', async () => {
    const admin = await connect(a.admin.token);
    const neighbour = await connect(b.admin.token);
    const heard = listen(admin, `company-${a.companyId}-tag`);
    const theirs = listen(neighbour, `company-${a.companyId}-tag`);

    const res = await ana.api.post('/api/tags', { name: '  Urgente ', color: '#FF0000' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Urgente',
      color: '#FF0000',
      kanban: 0,
      userId: ana.id,
      ticketsCount: 0,
    });
    expect((await bruno.api.get(`/api/tags/${res.body.id}`)).body).toMatchObject({ name: 'Urgente', color: '#FF0000' });
    const event = await heard.waitFor((e) => e.tag?.id === res.body.id);
    expect(event).toMatchObject({ action: 'create', tag: { name: 'Urgente', kanban: 0 } });
    await settle(t, [a.companyId, b.companyId], [admin, neighbour]);
    expect(theirs.heard).toEqual([]);
  });

  it('gives a colour by default and takes userId of a user of the company', async () => {
    const tag = await tagOf(a.admin.api, { userId: bruno.id });
    expect(tag).toMatchObject({ color: '#A4CCCC', userId: bruno.id });
  });

  it.each([
    ['name', { name: 'ab' }],
    ['name', { name: 'x'.repeat(51) }],
    ['name', { name: undefined }],
    ['color', { color: 'red' }],
    ['kanban', { kanban: 2 }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, patch) => {
    const marker = `Bad ${uid()}`;
    expectInvalid(await a.admin.api.post('/api/tags', { name: marker, ...patch }), field);
    expect((await search(a.admin.api, marker)).tags).toEqual([]);
  });

  it("refuses another company's user as userId", async () => {
    const name = `Foreign ${uid()}`;
    expectInvalid(await a.admin.api.post('/api/tags', { name, userId: b.admin.id }), 'userId');
    expect((await search(a.admin.api, name)).tags).toEqual([]);
  });

  it('only an admin makes a kanban tag: a plain user asking for one gets 403 and nothing is written', async () => {
    const name = `Lane ${uid()}`;
    expectNoPermission(await ana.api.post('/api/tags', { name, kanban: 1 }));
    expect((await search(a.admin.api, name)).tags).toEqual([]);
    expect(await tagOf(a.admin.api, { name, kanban: true })).toMatchObject({ name, kanban: 1 });
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.post('/api/tags', { name: 'Sem sessão' }));
  });
});

describe('GET /api/tags, /api/tags/list, /api/tags/kanban', () => {
  it('pages of 20 by name, searched in any case, each with how many tickets carry it', async () => {
    const prefix = `Pg${uid()}`;
    const made: TagView[] = [];
    for (let i = 0; i < 21; i++)
      made.push(await tagOf(a.admin.api, { name: `${prefix} ${String(20 - i).padStart(2, '0')}` }));
    await tagOf(b.admin.api, { name: `${prefix} theirs` });
    const ticketId = await ticketIn();
    const synced = await a.admin.api.post('/api/tags/sync', { ticketId, tags: [{ id: made[20]!.id }] });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);

    const first = await search(ana.api, prefix.toUpperCase());
    expect(first.hasMore).toBe(true);
    expect(first.tags.map((x) => x.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`),
    );
    expect(first.tags[0]).toMatchObject({ id: made[20]!.id, ticketsCount: 1 });
    expect(first.tags[1]).toMatchObject({ ticketsCount: 0 });
    const second = await search(ana.api, prefix, 2);
    expect(second).toMatchObject({ hasMore: false, tags: [{ name: `${prefix} 20` }] });
    expect((await search(ana.api, '%')).tags).toEqual([]);
    expectInvalid(await ana.api.get('/api/tags?pageNumber=0'), 'pageNumber');
  });

  it("lists every tag of the company as a bare array, never another company's", async () => {
    const mine = await tagOf(ana.api);
    const theirs = await tagOf(b.admin.api);
    const res = await bruno.api.get('/api/tags/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.find((x: TagView) => x.id === mine.id)).toEqual({
      id: mine.id,
      name: mine.name,
      color: mine.color,
      kanban: 0,
      userId: ana.id,
    });
    expect(res.body.map((x: TagView) => x.id)).not.toContain(theirs.id);
  });

  it('answers {lista} with the kanban tags only; a plan without kanban gets 403', async () => {
    const lane = await tagOf(a.admin.api, { kanban: 1 });
    const plain = await tagOf(a.admin.api);
    const theirLane = await tagOf(b.admin.api, { kanban: 1 });
    const res = await ana.api.get('/api/tags/kanban');
    expect(res.status).toBe(200);
    const ids = (res.body.lista as TagView[]).map((x) => x.id);
    expect(ids).toContain(lane.id);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(theirLane.id);
    expect((res.body.lista as TagView[]).every((x) => x.kanban === 1)).toBe(true);
    expectNoPermission(await noKanban.admin.api.get('/api/tags/kanban'));
  });
});

describe('GET/PUT/DELETE /api/tags/:id', () => {
  it("answers 404 for another company's tag and 400 for a bad id", async () => {
    const theirs = await tagOf(b.admin.api);
    expectNotFound(await a.admin.api.get(`/api/tags/${theirs.id}`));
    expectInvalid(await a.admin.api.get('/api/tags/abc'), 'id');
  });

  it('edits only the fields given and tells the company', async () => {
    const tag = await tagOf(ana.api, { color: '#00FF00' });
    const admin = await connect(a.admin.token);
    const heard = listen(admin, `company-${a.companyId}-tag`);
    const res = await bruno.api.put(`/api/tags/${tag.id}`, { name: 'Renomeada' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: tag.id, name: 'Renomeada', color: '#00FF00', userId: ana.id });
    expect(await heard.waitFor((e) => e.tag?.id === tag.id)).toMatchObject({
      action: 'update',
      tag: { name: 'Renomeada' },
    });
  });

  it('refuses a bad edit with 400 and keeps the tag', async () => {
    const tag = await tagOf(ana.api);
    expectInvalid(await ana.api.put(`/api/tags/${tag.id}`, { name: 'no' }), 'name');
    expectInvalid(await ana.api.put(`/api/tags/${tag.id}`, { color: '#12' }), 'color');
    expect((await ana.api.get(`/api/tags/${tag.id}`)).body).toMatchObject({ name: tag.name, color: tag.color });
  });

  it('a plain user may edit a lane but not change its kanban flag; sending it back unchanged is fine', async () => {
    const lane = await tagOf(a.admin.api, { kanban: 1 });
    const kept = await ana.api.put(`/api/tags/${lane.id}`, { name: 'Em andamento', kanban: 1 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Em andamento', kanban: 1 });
    expectNoPermission(await ana.api.put(`/api/tags/${lane.id}`, { name: 'Outro nome', kanban: 0 }));
    expect((await ana.api.get(`/api/tags/${lane.id}`)).body).toMatchObject({ name: 'Em andamento', kanban: 1 });
    const plain = await tagOf(ana.api);
    expectNoPermission(await ana.api.put(`/api/tags/${plain.id}`, { kanban: 1 }));
    expect((await a.admin.api.put(`/api/tags/${plain.id}`, { kanban: 1 })).body).toMatchObject({ kanban: 1 });
  });

  it("cannot edit or delete another company's tag (404, unchanged)", async () => {
    const theirs = await tagOf(b.admin.api);
    expectNotFound(await a.admin.api.put(`/api/tags/${theirs.id}`, { name: 'Minha agora' }));
    expectNotFound(await a.admin.api.delete(`/api/tags/${theirs.id}`));
    expect((await b.admin.api.get(`/api/tags/${theirs.id}`)).body).toMatchObject({ name: theirs.name });
  });

  it('deletes a tag and its links to tickets, and tells the company', async () => {
    const tag = await tagOf(ana.api);
    const ticketId = await ticketIn();
    await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: tag.id }] });
    expect(await tagIds(ticketId)).toEqual([tag.id]);
    const admin = await connect(a.admin.token);
    const heard = listen(admin, `company-${a.companyId}-tag`);
    const res = await bruno.api.delete(`/api/tags/${tag.id}`);
    expect(res.status).toBe(204);
    expectNotFound(await ana.api.get(`/api/tags/${tag.id}`));
    expect(await tagIds(ticketId)).toEqual([]);
    expect(await heard.waitFor((e) => e.tagId === tag.id)).toEqual({ action: 'delete', tagId: tag.id });
    expectInvalid(await ana.api.delete('/api/tags/0'), 'id');
  });

  it('only an admin deletes a kanban lane (403 for a plain user, the lane stays)', async () => {
    const lane = await tagOf(a.admin.api, { kanban: 1 });
    expectNoPermission(await ana.api.delete(`/api/tags/${lane.id}`));
    expect((await ana.api.get(`/api/tags/${lane.id}`)).status).toBe(200);
    expect((await a.admin.api.delete(`/api/tags/${lane.id}`)).status).toBe(204);
  });
});

describe('POST /api/tags/sync', () => {
  it("replaces the ticket's tags; the ticket carries them (by name) and its audience hears the update", async () => {
    const [zeta, alfa, gone] = [
      await tagOf(ana.api, { name: `Zeta ${uid()}`, color: '#111111' }),
      await tagOf(a.admin.api, { name: `Alfa ${uid()}`, color: '#222222', kanban: 1 }),
      await tagOf(ana.api),
    ];
    const ticketId = await ticketIn();
    await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: gone.id }] });
    const sockets = {
      admin: await connect(a.admin.token),
      ana: await connect(ana.token),
      bruno: await connect(bruno.token),
      neighbour: await connect(b.admin.token),
    };
    const heard = Object.fromEntries(
      Object.entries(sockets).map(([who, s]) => [who, listen<TicketEvent>(s, `company-${a.companyId}-ticket`)]),
    ) as Record<keyof typeof sockets, ReturnType<typeof listen<TicketEvent>>>;

    const res = await ana.api.post('/api/tags/sync', {
      ticketId,
      tags: [{ id: zeta.id, name: 'ignored' }, { id: alfa.id }, { id: zeta.id }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = [
      { id: alfa.id, name: alfa.name, color: '#222222', kanban: 1 },
      { id: zeta.id, name: zeta.name, color: '#111111', kanban: 0 },
    ];
    expect(res.body).toMatchObject({ id: ticketId, tags: expected });
    expect(await tagsOfTicket(ticketId)).toEqual(expected);
    for (const who of ['admin', 'ana'] as const) {
      const event = await heard[who].waitFor((e) => e.ticket?.id === ticketId, who);
      expect(event).toMatchObject({ action: 'update', ticket: { id: ticketId, tags: expected } });
    }
    await settle(t, [a.companyId, b.companyId], Object.values(sockets));
    expect(heard.bruno.heard).toEqual([]);
    expect(heard.neighbour.heard).toEqual([]);

    const cleared = await ana.api.post('/api/tags/sync', { ticketId, tags: [] });
    expect(cleared.body.tags).toEqual([]);
    expect(await tagIds(ticketId)).toEqual([]);
  });

  it('is atomic: one tag of another company (or unknown) refuses the whole sync and nothing changes', async () => {
    const mine = await tagOf(ana.api);
    const kept = await tagOf(ana.api);
    const theirs = await tagOf(b.admin.api);
    const ticketId = await ticketIn();
    await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: kept.id }] });
    expectInvalid(
      await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: mine.id }, { id: theirs.id }] }),
      'tags.1.id',
    );
    expectInvalid(await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: 2_000_000_000 }] }), 'tags.0.id');
    expect(await tagIds(ticketId)).toEqual([kept.id]);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const ticketId = await ticketIn();
    expectInvalid(await ana.api.post('/api/tags/sync', { tags: [] }), 'ticketId');
    expectInvalid(await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: 'x' }] }), 'tags.0.id');
    expectInvalid(await ana.api.post('/api/tags/sync', { ticketId }), 'tags');
  });

  it("a user outside the ticket's queue, or another company, gets 404 and nothing changes", async () => {
    const tag = await tagOf(ana.api);
    const ticketId = await ticketIn();
    expectNotFound(await bruno.api.post('/api/tags/sync', { ticketId, tags: [{ id: tag.id }] }));
    const theirTag = await tagOf(b.admin.api);
    expectNotFound(await b.admin.api.post('/api/tags/sync', { ticketId, tags: [{ id: theirTag.id }] }));
    expect(await tagIds(ticketId)).toEqual([]);
  });
});

describe('GET /api/tickets?tags=', () => {
  it('lists the tickets carrying every tag asked for', async () => {
    const [x, y, z] = [await tagOf(ana.api), await tagOf(ana.api), await tagOf(ana.api)];
    const both = await ticketIn();
    const onlyX = await ticketIn(qB.id);
    await ticketIn();
    await a.admin.api.post('/api/tags/sync', { ticketId: both, tags: [{ id: x.id }, { id: y.id }] });
    await a.admin.api.post('/api/tags/sync', { ticketId: onlyX, tags: [{ id: x.id }] });
    const ids = async (api: Api, tagList: number[], extra = 'showAll=true') => {
      const res = await api.get(`/api/tickets?${extra}&tags=${encodeURIComponent(JSON.stringify(tagList))}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.tickets as TicketTags[]).map((tk) => tk.id).sort();
    };
    expect(await ids(a.admin.api, [x.id])).toEqual([both, onlyX].sort());
    expect(await ids(a.admin.api, [x.id, y.id])).toEqual([both]);
    expect(await ids(a.admin.api, [y.id, y.id])).toEqual([both]);
    expect(await ids(a.admin.api, [z.id])).toEqual([]);
    // The filter never widens a user's scope: Ana does not see queue B's ticket.
    expect(await ids(ana.api, [x.id], '')).toEqual([both]);
    const listed = (await a.admin.api.get(`/api/tickets?showAll=true&tags=${encodeURIComponent(`[${y.id}]`)}`)).body;
    expect(listed.count).toBe(1);
    expect(listed.tickets[0].tags.map((tg: { id: number }) => tg.id).sort()).toEqual([x.id, y.id].sort());
    expectInvalid(await a.admin.api.get('/api/tickets?tags=abc'), 'tags');
  });
});

describe('DELETE /api/ticket-tags/:ticketId and PUT /api/ticket-tags/:ticketId/:tagId', () => {
  it("moves a card: the lane tags go, the other tags stay, the new lane's tag is added, and the audience hears it", async () => {
    const [laneOld, laneNew] = [await tagOf(a.admin.api, { kanban: 1 }), await tagOf(a.admin.api, { kanban: 1 })];
    const label = await tagOf(ana.api);
    const ticketId = await ticketIn();
    await ana.api.post('/api/tags/sync', { ticketId, tags: [{ id: laneOld.id }, { id: label.id }] });
    const admin = await connect(a.admin.token);
    const heard = listen<TicketEvent>(admin, `company-${a.companyId}-ticket`);

    const removed = await ana.api.delete(`/api/ticket-tags/${ticketId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.tags.map((x: { id: number }) => x.id)).toEqual([label.id]);
    expect(await tagIds(ticketId)).toEqual([label.id]);
    await heard.waitFor((e) => e.ticket?.id === ticketId && e.ticket.tags.length === 1, 'removal');

    const added = await ana.api.put(`/api/ticket-tags/${ticketId}/${laneNew.id}`);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await tagIds(ticketId)).toEqual([label.id, laneNew.id].sort());
    await heard.waitFor((e) => e.ticket?.id === ticketId && e.ticket.tags.length === 2, 'addition');
    // Adding it again changes nothing.
    expect((await ana.api.put(`/api/ticket-tags/${ticketId}/${laneNew.id}`)).status).toBe(200);
    expect(await tagIds(ticketId)).toEqual([label.id, laneNew.id].sort());
  });

  it('refuses bad ids with 400', async () => {
    expectInvalid(await ana.api.delete('/api/ticket-tags/abc'), 'ticketId');
    expectInvalid(await ana.api.put('/api/ticket-tags/1/abc'), 'tagId');
  });

  it("a user outside the ticket's queue, another company's ticket or tag: 404, nothing changes", async () => {
    const lane = await tagOf(a.admin.api, { kanban: 1 });
    const ticketId = await ticketIn();
    await ana.api.put(`/api/ticket-tags/${ticketId}/${lane.id}`);
    expectNotFound(await bruno.api.delete(`/api/ticket-tags/${ticketId}`));
    expectNotFound(await bruno.api.put(`/api/ticket-tags/${ticketId}/${lane.id}`));
    expectNotFound(await b.admin.api.delete(`/api/ticket-tags/${ticketId}`));
    const theirLane = await tagOf(b.admin.api, { kanban: 1 });
    expectNotFound(await ana.api.put(`/api/ticket-tags/${ticketId}/${theirLane.id}`));
    expect(await tagIds(ticketId)).toEqual([lane.id]);
  });

  it('needs the plan feature useKanban (403)', async () => {
    expectNoPermission(await noKanban.admin.api.delete('/api/ticket-tags/1'));
    expectNoPermission(await noKanban.admin.api.put('/api/ticket-tags/1/1'));
  });
});
