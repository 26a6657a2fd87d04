import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { insertQueue } from '../../../test/support/inbox.js';
import { insertTickets, type BulkTicket } from '../../../test/support/bulk-tickets.js';

/**
 * `GET /api/tickets?searchParam=…` at a scale where the search's plans differ (search-tickets.ts):
 * the walk over the newest tickets (a frequent word), the walk widened by the probe's hit rate,
 * and the set of matches (a rare word, or matches older than any walk goes), each with its
 * count semantics, pages, scope and filters. 1,700 tickets, newest first: position i was updated
 * i minutes before the others; the expected answers are computed from the same layout.
 */

const N = 1_700;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let qA: number;
let qB: number;
let tag: number;
let userA: Awaited<ReturnType<typeof createStaff>>;
let layout: BulkTicket[];
let ids: number[];

/** Position i: who, where and what was written (see the counts in each test). */
function ticketAt(i: number, base: number): BulkTicket {
  const texts = ['olá, bom dia'];
  if (i < 150 && i % 4 !== 3) texts.push('segunda via do boleto'); // 113, the newest: a walk
  if (i % 5 === 0) texts.push('número do pedido'); // 340, one in five: a widened walk
  if (i % 40 === 20) texts.push('meu protocolo de atendimento'); // 42, spread out: the set
  if (i === 400 || i === 1650) texts.push('a geladeira chegou quebrada'); // old and rare: the set
  if (i === 9 || i === 1699) texts.push('assunto sigiloso'); // queue B only
  if (i === 800) texts.push('Contato: JOAO.SILVA@Gmail.com, a encomenda NÃO CHEGOU (sala #7)'); // the set's matching rules
  const name =
    i === 5 ? 'Fernanda Recente' : i === 1200 ? 'Fernanda Antiga' : i % 2 === 0 ? `Maria ${i}` : `Cliente ${i}`;
  return {
    updatedAt: new Date(base - i * 60_000),
    name,
    ...(i === 1600 && { number: '5521987654321' }),
    status: i < 30 ? 'open' : 'closed',
    queueId: i % 10 === 9 ? qB : qA,
    messages: texts,
    tagIds: i % 7 === 0 ? [tag] : [],
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 20, queues: 10 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = (await insertQueue(t, a.companyId, { name: 'Vendas' })).id;
  qB = (await insertQueue(t, a.companyId, { name: 'Suporte' })).id;
  userA = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA] });
  const created = await a.admin.api.post('/api/tags', { name: 'VIP' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tag = created.body.id;
  const base = Date.now() - 3_600_000;
  layout = Array.from({ length: N }, (_, i) => ticketAt(i, base));
  ids = await insertTickets(t, a.companyId, layout);
  // Another company's tickets, newer than all of these and full of the same words.
  await insertTickets(
    t,
    b.companyId,
    Array.from({ length: 60 }, (_, i) => ({
      updatedAt: new Date(Date.now() - i * 1000),
      name: `Maria Fernanda ${i}`,
      messages: ['boleto', 'pedido', 'protocolo', 'geladeira', 'sigiloso'],
    })),
  );
}, 60_000);
afterAll(() => t.stop());

interface Page {
  tickets: Array<{ id: number; queueId: number | null; status: string }>;
  count: number;
  hasMore: boolean;
}

const search = async (api: Api, term: string, extra: Record<string, string> = {}) => {
  const res = await api.get(`/api/tickets?${new URLSearchParams({ searchParam: term, ...extra })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};
const idsOf = (page: Page) => page.tickets.map((x) => x.id);

/** The ids the search must find, newest first: positions whose texts, name or number contain `term`. */
function expected(term: string, keep: (ticket: BulkTicket, i: number) => boolean = () => true): number[] {
  return layout.flatMap((tk, i) => {
    const hit =
      tk.messages!.some((m) => m.toLowerCase().includes(term)) ||
      tk.name!.toLowerCase().includes(term) ||
      (tk.number ?? '').includes(term);
    return hit && keep(tk, i) ? [ids[i]!] : [];
  });
}

const SHOW_ALL = { showAll: 'true' };

describe('GET /api/tickets?searchParam — a word among the newest tickets (the walk)', () => {
  it('fills the page from the newest tickets; count is what the walk found, hasMore true', async () => {
    const all = expected('boleto');
    expect(all).toHaveLength(113);
    const page = await search(a.admin.api, 'boleto', SHOW_ALL);
    expect(idsOf(page)).toEqual(all.slice(0, 40));
    // Not the 113 matches: the walk stopped at the page and one more.
    expect(page).toMatchObject({ count: 41, hasMore: true });
  });

  it('pages continue without gaps or repeats, from the walk into the set; the last page counts exactly', async () => {
    const all = expected('boleto');
    const p1 = await search(a.admin.api, 'boleto', SHOW_ALL);
    const p2 = await search(a.admin.api, 'boleto', { ...SHOW_ALL, pageNumber: '2' });
    expect(p2).toMatchObject({ count: 81, hasMore: true });
    // Page 3 needs 121 matches: more than a walk of the newest 242 can find, so the set answers.
    const p3 = await search(a.admin.api, 'boleto', { ...SHOW_ALL, pageNumber: '3' });
    expect(p3).toMatchObject({ count: 113, hasMore: false });
    expect(p3.tickets).toHaveLength(33);
    expect([...idsOf(p1), ...idsOf(p2), ...idsOf(p3)]).toEqual(all);
    // Past the end: nothing, and still the exact count.
    expect(await search(a.admin.api, 'boleto', { ...SHOW_ALL, pageNumber: '4' })).toEqual({
      tickets: [],
      count: 113,
      hasMore: false,
    });
  });

  it('walks further when the newest 100 hold some matches but not a page', async () => {
    // One ticket in five: 20 of the newest 100, so the walk goes on to ~300 and fills the page.
    const all = expected('pedido');
    expect(all).toHaveLength(340);
    const page = await search(a.admin.api, 'pedido', SHOW_ALL);
    expect(idsOf(page)).toEqual(all.slice(0, 40));
    expect(page).toMatchObject({ count: 41, hasMore: true });
  });

  it('matches contact names in the walk too', async () => {
    const all = expected('maria');
    const page = await search(a.admin.api, 'maria', SHOW_ALL);
    expect(idsOf(page)).toEqual(all.slice(0, 40));
    expect(page).toMatchObject({ count: 41, hasMore: true });
  });
});

describe('GET /api/tickets?searchParam — rare or old matches (the set)', () => {
  it('finds matches far older than any walk goes, with their exact count', async () => {
    const page = await search(a.admin.api, 'geladeira', SHOW_ALL);
    expect(idsOf(page)).toEqual([ids[400], ids[1650]]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
  });

  it('pages the set without gaps or repeats, each page with the exact count', async () => {
    const all = expected('protocolo');
    expect(all).toHaveLength(42);
    const p1 = await search(a.admin.api, 'protocolo', SHOW_ALL);
    expect(p1).toMatchObject({ count: 42, hasMore: true });
    const p2 = await search(a.admin.api, 'protocolo', { ...SHOW_ALL, pageNumber: '2' });
    expect(p2).toMatchObject({ count: 42, hasMore: false });
    expect([...idsOf(p1), ...idsOf(p2)]).toEqual(all);
    expect(await search(a.admin.api, 'protocolo', { ...SHOW_ALL, pageNumber: '3' })).toEqual({
      tickets: [],
      count: 42,
      hasMore: false,
    });
  });

  it("matches contacts' names and numbers, new and old", async () => {
    const byName = await search(a.admin.api, 'fernanda', SHOW_ALL);
    expect(idsOf(byName)).toEqual([ids[5], ids[1200]]);
    expect(byName).toMatchObject({ count: 2, hasMore: false });
    const byNumber = await search(a.admin.api, '98765432', SHOW_ALL);
    expect(idsOf(byNumber)).toEqual([ids[1600]]);
    expect(byNumber.count).toBe(1);
  });

  it('finds nothing with count 0 when nothing matches', async () => {
    expect(await search(a.admin.api, 'xyzzy', SHOW_ALL)).toEqual({ tickets: [], count: 0, hasMore: false });
  });
});

describe('GET /api/tickets?searchParam — what the set counts as containing the text', () => {
  // One old message (position 800): only the set reaches it. Its index keys are the trigrams
  // inside the search's words (migration 0013); these are the texts those rules must not lose.
  it('finds a text cut anywhere, across punctuation, in any case, with accents', async () => {
    for (const term of ['silva@gmail', 'ilva@gm', 'oao.silv', 'ncomenda não cheg', 'ÃO CHEGOU (SALA', 'a #7)']) {
      const page = await search(a.admin.api, term, SHOW_ALL);
      expect(idsOf(page), term).toEqual([ids[800]]);
      expect(page.count, term).toBe(1);
    }
  });

  it('finds nothing when the words are there but not the text', async () => {
    for (const term of ['silva joao', 'chegou não', 'gmail@silva']) {
      expect(await search(a.admin.api, term, SHOW_ALL), term).toEqual({ tickets: [], count: 0, hasMore: false });
    }
  });
});

describe('GET /api/tickets?searchParam — scope and filters', () => {
  const inQueueA = (tk: BulkTicket) => tk.queueId === qA;

  it("a user of queue A never finds queue B's tickets, by walk or by set", async () => {
    expect(await search(userA.api, 'sigilo')).toEqual({ tickets: [], count: 0, hasMore: false });
    expect(idsOf(await search(a.admin.api, 'sigilo', SHOW_ALL))).toEqual([ids[9], ids[1699]]);
    // showAll is not theirs to ask for.
    expect((await search(userA.api, 'sigilo', SHOW_ALL)).tickets).toEqual([]);
    const walked = await search(userA.api, 'boleto');
    expect(idsOf(walked)).toEqual(expected('boleto', inQueueA).slice(0, 40));
    expect(walked.tickets.every((x) => x.queueId === qA)).toBe(true);
    expect(walked).toMatchObject({ count: 41, hasMore: true });
    const fromSet = await search(userA.api, 'protocolo');
    expect(idsOf(fromSet).slice(0, 40)).toEqual(expected('protocolo', inQueueA).slice(0, 40));
    expect(fromSet.count).toBe(expected('protocolo', inQueueA).length);
  });

  it("never finds another company's tickets, however new", async () => {
    const page = await search(b.admin.api, 'boleto', SHOW_ALL);
    expect(page.tickets).toHaveLength(40);
    expect(page.tickets.some((x) => ids.includes(x.id))).toBe(false);
    const mine = await search(a.admin.api, 'fernanda', SHOW_ALL);
    expect(idsOf(mine)).toEqual([ids[5], ids[1200]]);
  });

  it('with status: a short list is walked whole and counted exactly; a long one uses the set', async () => {
    // 30 open tickets: the walk tests them all.
    const open = expected('boleto', (tk) => tk.status === 'open');
    expect(open).toHaveLength(23);
    const page = await search(a.admin.api, 'boleto', { ...SHOW_ALL, status: 'open' });
    expect(idsOf(page)).toEqual(open);
    expect(page).toMatchObject({ count: 23, hasMore: false });
    expect(page.tickets.every((x) => x.status === 'open')).toBe(true);
    const closed = expected('protocolo', (tk) => tk.status === 'closed');
    expect(closed).toHaveLength(41);
    const set = await search(a.admin.api, 'protocolo', { ...SHOW_ALL, status: 'closed' });
    expect(idsOf(set)).toEqual(closed.slice(0, 40));
    expect(set).toMatchObject({ count: 41, hasMore: true });
  });

  it('with queueIds and tags', async () => {
    const queueB = expected('boleto', (tk) => tk.queueId === qB);
    expect(queueB).toHaveLength(8);
    const q = await search(a.admin.api, 'boleto', { ...SHOW_ALL, queueIds: JSON.stringify([qB]) });
    expect(idsOf(q)).toEqual(queueB);
    expect(q).toMatchObject({ count: 8, hasMore: false });

    const vip = (tk: BulkTicket) => tk.tagIds!.includes(tag);
    const walked = await search(a.admin.api, 'boleto', { ...SHOW_ALL, tags: JSON.stringify([tag]) });
    expect(idsOf(walked)).toEqual(expected('boleto', vip));
    expect(walked.count).toBe(16);
    // Tagged and with a protocol: positions 140, 420, … 1540 — beyond any walk.
    const set = await search(a.admin.api, 'protocolo', { ...SHOW_ALL, tags: JSON.stringify([tag]) });
    expect(idsOf(set)).toEqual(expected('protocolo', vip));
    expect(set).toMatchObject({ count: 6, hasMore: false });
  });

  it('refuses a search text over 200 characters, naming it', async () => {
    expectInvalid(await a.admin.api.get(`/api/tickets?searchParam=${'a'.repeat(201)}`), 'searchParam');
  });
});
