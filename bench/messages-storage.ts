import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openInboxDataset } from './inbox-dataset.ts';

/**
 * What a stored message costs (issue 31): on the inbox dataset (INBOX_BENCH_SCALE=0.02 gives
 * 200,000 messages), the size of `messages` — heap, TOAST, each index — and bytes per message;
 * then, for every index, the query of the app that needs it, run under EXPLAIN as the app runs it
 * (balcao_app, in a tenant transaction, rolled back), with the index its plan uses. An index
 * whose query does not use it shows up as `uses: false`. The plans go to `storage-plans.md` in
 * the dataset dir.
 */
export async function benchMessagesStorage() {
  const open = await openInboxDataset();
  try {
    const db = open.owner;
    await db.query('vacuum (analyze) messages');
    const { rows: sizes } = await db.query<{ count: string; heap: string; toast: string; total: string }>(
      `select (select count(*) from messages) as count, pg_relation_size('messages') as heap,
              coalesce(pg_total_relation_size(nullif(reltoastrelid, 0)), 0) as toast,
              pg_total_relation_size('messages') as total
         from pg_class where oid = 'messages'::regclass`,
    );
    const count = Number(sizes[0]!.count);
    const { rows: indexes } = await db.query<{ name: string; bytes: string }>(
      `select indexrelid::regclass::text as name, pg_relation_size(indexrelid) as bytes
         from pg_index where indrelid = 'messages'::regclass order by pg_relation_size(indexrelid) desc`,
    );
    const companyId = open.ds.measured.companyId;
    const probes = await probesOf(db, companyId);
    const plans: string[] = [`# messages: each index and the query that needs it`, ''];
    const uses: Record<string, { query: string; uses: boolean }> = {};
    for (const p of probes) {
      const plan = await explain(open.url, companyId, p.sql, p.params);
      uses[p.index] = { query: p.query, uses: plan.some((l) => l.includes(p.index)) };
      plans.push(`## ${p.index}: ${p.query}`, '', '```sql', p.sql, '```', '', '```', ...plan, '```', '');
    }
    const plansFile = path.join(open.dir, 'storage-plans.md');
    await fs.writeFile(plansFile, plans.join('\n'));
    const perMessage = (bytes: number) => Math.round(bytes / count);
    return {
      name: 'messages-storage',
      dataset: open.ds.counts,
      messages: count,
      bytesPerMessage: {
        total: perMessage(Number(sizes[0]!.total)),
        heap: perMessage(Number(sizes[0]!.heap)),
        toast: perMessage(Number(sizes[0]!.toast)),
        indexes: Object.fromEntries(indexes.map((i) => [i.name, perMessage(Number(i.bytes))])),
      },
      totalMb: Math.round(Number(sizes[0]!.total) / 2 ** 20),
      indexes: indexes.map((i) => ({ name: i.name, mb: Math.round(Number(i.bytes) / 2 ** 18) / 4, ...uses[i.name] })),
      plansFile,
    };
  } finally {
    await open.close();
  }
}

interface Probe {
  index: string;
  /** Where the app issues it. */
  query: string;
  sql: string;
  params: unknown[];
}

/** One query per index, as the app writes it, with values taken from the dataset. */
async function probesOf(db: pg.Pool, companyId: number): Promise<Probe[]> {
  const {
    rows: [m],
  } = await db.query(
    `select id, ticket_id, whatsapp_id, external_id from messages where company_id = $1 order by id desc limit 1 offset 1000`,
    [companyId],
  );
  const {
    rows: [media],
  } = await db.query(`select media_url from messages where company_id = $1 and media_url is not null limit 1`, [
    companyId,
  ]);
  return [
    {
      index: 'messages_pkey',
      query: 'a message by id (delete-message.ts, send-message.ts quoting, message-media.ts)',
      sql: 'select id, body, ticket_id from messages where id = $1',
      params: [m.id],
    },
    {
      index: 'messages_whatsapp_external_key',
      query: "inbound dedupe and quotes, statuses by provider id (inbox/receive-batch.ts, inbox/apply-acks.ts)",
      sql: 'select id from messages where whatsapp_id = $1 and external_id = $2',
      params: [m.whatsapp_id, m.external_id],
    },
    {
      index: 'messages_company_ticket_idx',
      query: "a ticket's message page (list-messages.ts); the search walk's exists (search-tickets.ts)",
      sql: `select id, body from messages where company_id = $1 and ticket_id = $2 order by id desc limit 20`,
      params: [companyId, m.ticket_id],
    },
    {
      index: 'messages_outbox_idx',
      query: 'queued outbound messages of a connection, oldest first (messages/outbox-rows.ts)',
      sql: `select id from messages m where m.whatsapp_id = $1 and m.from_me and m.ack = 0 and m.error is null
              and m.external_id is null and not m.is_deleted and m.id > 0 order by m.id limit 50`,
      params: [m.whatsapp_id],
    },
    {
      index: 'messages_delete_requested_idx',
      query: 'deletions waiting to reach WhatsApp (messages/outbox-deletes.ts, outbox-rows.ts)',
      sql: `select id from messages where whatsapp_id = $1 and delete_requested_at is not null order by id limit 1`,
      params: [m.whatsapp_id],
    },
    {
      index: 'messages_media_url_idx',
      query: 'whether a stored file is still shown by a message (messages/media-in-use.ts: file lists, campaigns)',
      sql: `select distinct media_url from messages where media_url is not null and media_url in ($1, $2)`,
      params: [media?.media_url ?? 'none', 'x/none'],
    },
    {
      index: 'messages_search_keys_idx',
      query: 'message text search (tenant_message_ticket_ids, migration 0013; search-tickets.ts)',
      sql: `select distinct ticket_id from messages where message_search_keys(company_id, body) @> message_search_query_keys($1, $2)
              and company_id = $1 and strpos(lower(body), lower($2)) > 0`,
      params: [companyId, 'geladeira'],
    },
  ];
}

/** EXPLAIN of a statement as the app runs it: balcao_app in a tenant transaction, rolled back. */
async function explain(url: string, companyId: number, sql: string, params: unknown[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // The search function runs as its owner (row-level security aside): its query is explained so.
    if (!sql.includes('message_search_keys')) await client.query('set local role balcao_app');
    await client.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
    const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN'] as string);
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
