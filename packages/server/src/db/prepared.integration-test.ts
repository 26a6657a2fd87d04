import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../test/support/factories.js';
import { scoped } from '../../test/support/inbox.js';
import type { Tx } from './client.js';
import { companies } from './schema/index.js';
import { arrayParam, byShape, executeByShape, MAX_SHAPES } from './prepared.js';

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t, { planId: (await createPlan(t)).id });
});
afterAll(() => t.stop());

/** The named statements this shape helper left on the transaction's connection. */
const shapeNames = async (tx: Tx) =>
  (await tx.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'shape\_%'`)).rows
    .map((r) => r.name)
    .sort();

describe('executeByShape and arrayParam (the hot raw statements)', () => {
  it('an array behind arrayParam reads back exactly, texts with quotes, commas, braces and nulls included, run after run', async () => {
    await scoped(t, a.companyId, async (tx) => {
      const texts = ['plain', 'a,b', 'quote " here', '{braces}', 'back\\slash', null, ''];
      const flags = [true, false, null, true, false, true, false];
      for (let run = 0; run < 7; run++) {
        const { rows } = await executeByShape<{ t: string | null; f: boolean | null; o: string }>(
          tx,
          sql`select v.t, v.f, v.o::text as o from unnest(${arrayParam(texts)}::text[], ${arrayParam(flags)}::boolean[])
            with ordinality as v(t, f, o) order by v.o`,
        );
        expect(rows).toEqual(texts.map((text, k) => ({ t: text, f: flags[k], o: String(k + 1) })));
      }
      const named = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where strpos(statement, 'as v(t, f, o)') > 0`,
      );
      expect(named.rows).toEqual([{ n: 1 }]);
    });
  });
});

describe('byShape (a query per filter shape, as a named statement per connection)', () => {
  it('runs one shape with any values as one statement, and each value gets its own answer', async () => {
    await scoped(t, a.companyId, async (tx) => {
      const before = await shapeNames(tx);
      for (let i = 0; i < 8; i++) {
        const rows = await byShape(
          tx,
          tx
            .select({ n: sql<number>`${i}::int * 2` })
            .from(companies)
            .where(eq(companies.id, a.companyId)),
        );
        expect(rows).toEqual([{ n: i * 2 }]);
      }
      expect((await shapeNames(tx)).length).toBe(before.length + 1);
    });
  });

  it('names at most MAX_SHAPES shapes a connection; the others still run, unnamed', async () => {
    await scoped(t, a.companyId, async (tx) => {
      for (let i = 0; i < MAX_SHAPES + 6; i++) {
        // A different text each time: the constant is written into the statement.
        const rows = await byShape(tx, tx.select({ n: sql<number>`${sql.raw(String(i))}::int` }).from(companies));
        expect(rows).toEqual([{ n: i }]);
      }
      expect(await shapeNames(tx)).toHaveLength(MAX_SHAPES);
    });
  });
});
