import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../../test/support/factories.js';
import { scoped } from '../../../test/support/inbox.js';
import { contacts } from '../../db/schema/index.js';

/**
 * The contacts search over a company big enough for both of its paths (migration 0043): a term
 * found often among the first contacts by name is answered by walking them in name order; one
 * whose matches all sort after the first thousands falls back to the trigram index and a sort.
 * Both must give the same pages, the exact count, accents and case ignored, and never a
 * neighbour's contact.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;

const uid = () => randomBytes(4).toString('hex');
const tag = uid();
const block = String(1000 + Math.floor(Math.random() * 9000)); // the company's numbers share it
const pad = (i: number) => String(i).padStart(4, '0');
const COMPANY = 2600;

/**
 * Contact i is named "N0000 …" by i, so the name order is i's. Every 20th (5 %, through the
 * whole company) is a Conceição, written with its accents for every 40th and without them
 * otherwise; every 20th, ten further on, has an email at the run's own domain; the last 100 are
 * "Zeca", all behind 2,500 contacts without them. All numbers contain 9 + the run's block.
 */
const rowOf = (i: number) => ({
  name:
    `N${pad(i)} ` +
    (i >= 2500 ? `Zeca Z${tag}` : i % 40 === 0 ? `Conceição C${tag}` : i % 20 === 0 ? `Conceicao C${tag}` : 'Filler'),
  number: `55219${block}${pad(i)}`,
  email: i % 20 === 10 ? `n${i}@m${tag}.com.br` : '',
});
const rows = Array.from({ length: COMPANY }, (_, i) => rowOf(i));
const namesWhere = (keep: (i: number) => boolean) => rows.filter((_, i) => keep(i)).map((r) => r.name);

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 10, connections: 5 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  const up = await a.admin.api.post('/api/contacts/upload', rows);
  expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBe(200);
  expect(up.body.newContacts).toHaveLength(COMPANY);
  // The neighbour has contacts matching every term, named to sort before all of a's.
  const theirs = Array.from({ length: 30 }, (_, i) => ({
    name: `A${pad(i)} Conceição C${tag} Zeca Z${tag}`,
    number: `55219${block}${pad(i)}`,
    email: `a${i}@m${tag}.com.br`,
  }));
  expect((await b.admin.api.post('/api/contacts/upload', theirs)).body.newContacts).toHaveLength(30);
  // The accented Conceições were created on 10 March 2031 (São Paulo), the others today.
  const accented = (up.body.newContacts as Array<{ id: number; name: string }>)
    .filter((c) => c.name.includes('Conceição'))
    .map((c) => c.id);
  await scoped(t, a.companyId, (tx) =>
    tx
      .update(contacts)
      .set({ createdAt: new Date('2031-03-10T15:00:00Z') })
      .where(inArray(contacts.id, accented)),
  );
}, 120_000);
afterAll(() => t.stop());

interface Page {
  contacts: Array<{ id: number; name: string; number: string; email: string }>;
  hasMore: boolean;
  count: number;
}

async function search(text: string, pageNumber = 1, extra = ''): Promise<Page> {
  const res = await a.admin.api.get(
    `/api/contacts?searchParam=${encodeURIComponent(text)}&pageNumber=${pageNumber}${extra}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

/** Every page of a search until hasMore is false: the names in order, and the count of each page. */
async function allPages(text: string, extra = '') {
  const names: string[] = [];
  const counts = new Set<number>();
  for (let n = 1; ; n++) {
    const page = await search(text, n, extra);
    expect(page.contacts.length, `page ${n}`).toBeLessThanOrEqual(20);
    if (page.hasMore) expect(page.contacts, `page ${n}`).toHaveLength(20);
    names.push(...page.contacts.map((c) => c.name));
    counts.add(page.count);
    if (!page.hasMore) return { names, counts: [...counts] };
  }
}

describe('GET /api/contacts?searchParam at 2,600 contacts', () => {
  it('a broad term with accents (5 % of the company): every page by name, with skip, the exact count', async () => {
    const expected = namesWhere((i) => i < 2500 && i % 20 === 0);
    for (const text of [`conceicao c${tag}`, `CONCEIÇÃO C${tag}`]) {
      const first = await search(text);
      expect(first).toMatchObject({ hasMore: true, count: expected.length });
      expect(first.contacts.map((c) => c.name)).toEqual(expected.slice(0, 20));
      expect((await search(text, 3)).contacts.map((c) => c.name)).toEqual(expected.slice(40, 60));
    }
    expect(await allPages(`Conceição c${tag}`)).toEqual({ names: expected, counts: [expected.length] });
    // The last page the contract allows: past every match, the count still exact.
    expect(await search(`conceicao c${tag}`, 100_000)).toEqual({
      contacts: [],
      hasMore: false,
      count: expected.length,
    });
  });

  it('the same term within a day: only that day’s contacts, their count', async () => {
    const expected = namesWhere((i) => i < 2500 && i % 40 === 0);
    expect(await allPages(`conceicao c${tag}`, '&date=2031-03-10')).toEqual({
      names: expected,
      counts: [expected.length],
    });
    expect(await search(`conceicao c${tag}`, 1, '&date=2031-03-11')).toEqual({
      contacts: [],
      hasMore: false,
      count: 0,
    });
  });

  it('a term whose matches all sort after 2,500 others: the same pages, through the trigram index', async () => {
    const expected = namesWhere((i) => i >= 2500);
    expect(await allPages(`zeca z${tag}`)).toEqual({ names: expected, counts: [100] });
    expect((await search(`ZECA Z${tag}`, 2)).contacts.map((c) => c.name)).toEqual(expected.slice(20, 40));
  });

  it('email and number fragments', async () => {
    const mail = await search(`@m${tag}.COM`, 2);
    expect(mail).toMatchObject({ hasMore: true, count: 130 });
    expect(mail.contacts.map((c) => c.email)).toEqual(
      rows
        .filter((_, i) => i % 20 === 10)
        .slice(20, 40)
        .map((r) => r.email),
    );

    for (const text of [`9${block}`, `${block}1234`]) {
      const expected = rows.filter((r) => r.number.includes(text)).map((r) => r.name);
      const page = await search(text);
      expect(page, text).toMatchObject({ hasMore: expected.length > 20, count: expected.length });
      expect(page.contacts.map((c) => c.name)).toEqual(expected.slice(0, 20));
    }
    expect((await search(`9${block}`)).count).toBe(COMPANY); // every number holds it
  });

  it('never lists or counts another company’s contacts', async () => {
    const ours = new Set(rows.map((r) => r.name));
    for (const text of [`conceição c${tag}`, `zeca z${tag}`, `m${tag}`, `9${block}`]) {
      const page = await search(text);
      expect(
        page.contacts.every((c) => ours.has(c.name)),
        text,
      ).toBe(true);
    }
    const theirs = (await b.admin.api.get(`/api/contacts?searchParam=c${tag}&pageNumber=1`)).body as Page;
    expect(theirs).toMatchObject({ hasMore: true, count: 30 });
    expect(theirs.contacts.every((c) => c.name.startsWith('A'))).toBe(true);
  });

  it('a term matching nothing', async () => {
    expect(await search(`xyzzy${tag}`)).toEqual({ contacts: [], hasMore: false, count: 0 });
    expect(await search(`xyzzy${tag}`, 3)).toEqual({ contacts: [], hasMore: false, count: 0 });
  });
});
