import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { insertMessageRows, QUEUED_OUTBOUND } from './message-rows.js';

const render = (q: ReturnType<typeof insertMessageRows>) => new PgDialect().sqlToQuery(q);

describe('insertMessageRows (the one writer of message rows)', () => {
  it('one row: the given columns by their schema names in the table order, values encoded as the columns do (jsonb, null)', () => {
    const q = render(
      insertMessageRows({
        data: { bot: true },
        body: 'oi',
        ticketId: 2,
        companyId: 1,
        ...QUEUED_OUTBOUND,
        mediaUrl: null,
      }),
    );
    expect(q.sql).toBe(
      'insert into messages ("company_id", "ticket_id", "body", "from_me", "read", "ack", "media_url", "data") values ($1, $2, $3, true, true, 0, $4, $5)',
    );
    expect(q.params).toEqual([1, 2, 'oi', null, '{"bot":true}']);
  });

  it('rows of a source: select of the expressions from it, placeholders kept for each run; columns left out are not named', () => {
    const q = render(
      insertMessageRows(
        {
          companyId: sql.placeholder('companyId'),
          ticketId: sql`v.ticket_id`,
          body: sql`v.body`,
          whatsappId: undefined,
        },
        sql`from v order by v.ord`,
      ),
    );
    expect(q.sql).toBe(
      'insert into messages ("company_id", "ticket_id", "body") select $1, v.ticket_id, v.body from v order by v.ord',
    );
    expect(q.params).toHaveLength(1);
  });

  it('a list of rows: one row of values each, a column one row leaves out taking its default there', () => {
    const q = render(
      insertMessageRows([
        { companyId: 1, ticketId: 2, body: 'a', externalId: 'x' },
        { companyId: 1, ticketId: 3, body: 'b' },
      ]),
    );
    expect(q.sql).toBe(
      'insert into messages ("company_id", "ticket_id", "external_id", "body") values ($1, $2, $3, $4), ($5, $6, default, $7)',
    );
    expect(q.params).toEqual([1, 2, 'x', 'a', 1, 3, 'b']);
  });
});

it('no other source file inserts message rows: every insert goes through insertMessageRows', async () => {
  const src = new URL('../../', import.meta.url);
  const files = (await readdir(src, { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !/\.(test|integration-test)\.ts$/.test(f),
  );
  const writers: string[] = [];
  for (const f of files) {
    const text = await readFile(new URL(f, src), 'utf8');
    if (/insert\s+into\s+"?messages"?\s*\(|\.insert\(messages\)/i.test(text)) writers.push(f);
  }
  expect(writers, 'build message inserts with insertMessageRows (modules/messages/message-rows.ts)').toEqual([
    'modules/messages/message-rows.ts',
  ]);
});
