import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { MEDIA_TYPES, type ImportCounts, type MediaType } from '@balcao/contracts';
import { tickets } from '../../db/schema/index.js';
import { insertMessageRows } from '../messages/message-rows.js';
import { runPlatform } from '../../platform/context.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import { copyMedia } from './media-files.js';
import { bool, int, oneOf, str, time } from './source-values.js';

const BATCH = 2000;

interface MessageRow {
  ticketId: number;
  contactId: number | null;
  whatsappId: number | null;
  externalId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  mediaType: MediaType;
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  quotedExternalId: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  participant: string | null;
  data: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns a batch sets, each sent as one array (unnest): a few parameters, not 20 a row. */
const ARRAYS = {
  ticketId: 'int',
  contactId: 'int',
  whatsappId: 'int',
  externalId: 'text',
  body: 'text',
  fromMe: 'boolean',
  read: 'boolean',
  ack: 'int',
  mediaType: 'text',
  mediaUrl: 'text',
  mediaName: 'text',
  quotedMsgId: 'bigint',
  quotedExternalId: 'text',
  isDeleted: 'boolean',
  isEdited: 'boolean',
  participant: 'text',
  data: 'jsonb',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const satisfies Record<keyof MessageRow, string>;

/**
 * A batch's insert: one row per element of the arrays, in their order (ids ascend with it, so the
 * conversation's order is kept). Thousands of rows as VALUES lists cost the server more to parse
 * and plan than the rows cost to write.
 */
function insertBatch(companyId: number, rows: MessageRow[]): SQL {
  const keys = Object.keys(ARRAYS) as (keyof MessageRow)[];
  const arrays = keys.map((k) => {
    const values = rows.map((r) => (k === 'data' && r.data ? JSON.stringify(r.data) : r[k]));
    return sql`${sql.param(values)}::${sql.raw(ARRAYS[k])}[]`;
  });
  const columns = Object.fromEntries(keys.map((k) => [k, sql.raw(`v."${k}"`)])) as Record<keyof MessageRow, SQL>;
  return insertMessageRows(
    { companyId, ...columns },
    sql`from unnest(${sql.join(arrays, sql`, `)}) with ordinality as v(${sql.raw(keys.map((k) => `"${k}"`).join(', '))}, ord)
      order by v.ord`,
  );
}

/**
 * Messages in the order they were written, with direction, acks and times, a batch per
 * transaction. A quoted message not imported keeps its id (`quotedExternalId`); an attachment is
 * copied from the media folder when one is given, else the message keeps its text and says its
 * file is missing.
 */
export async function importMessages(run: ImportRun, source: AtendechatSource, ids: CompanyIds, counts: ImportCounts) {
  let missingFiles = 0;
  for await (const batch of source.messages(ids.source, BATCH)) {
    const done = await run.mapped(
      'messages',
      batch.map((r) => r.id),
    );
    const todo = batch.filter((r) => !done.has(String(r.id)));
    if (ids.target === null) {
      run.count(counts, 'messages', todo.length);
      continue;
    }
    const companyId = ids.target;
    const ticketOf = await run.mapped(
      'tickets',
      todo.map((r) => r.ticketId),
    );
    const contactOf = await run.mapped(
      'contacts',
      todo.map((r) => r.contactId),
    );
    const quoted = await run.mapped(
      'messages',
      todo.map((r) => r.quotedMsgId),
    );
    const targets = [...new Set(ticketOf.values())];
    const ticketRows = targets.length
      ? await runPlatform(run.deps, (tx) =>
          tx
            .select({ id: tickets.id, whatsappId: tickets.whatsappId, contactId: tickets.contactId })
            .from(tickets)
            .where(inArray(tickets.id, targets)),
        )
      : [];
    const ticket = new Map(ticketRows.map((t) => [t.id, t]));
    const rows: { sourceId: unknown; row: MessageRow }[] = [];
    for (const m of todo) {
      const t = ticket.get(ticketOf.get(String(m.ticketId)) ?? -1);
      if (!t) {
        run.problem(ids.source, 'messages', m.id, `ticket ${str(m.ticketId)} not imported`);
        continue;
      }
      const media = await messageMedia(run, m, companyId);
      if (media.missing) missingFiles++;
      const quotedId = m.quotedMsgId == null ? null : (quoted.get(String(m.quotedMsgId)) ?? null);
      const createdAt = time(m.createdAt) ?? new Date();
      rows.push({
        sourceId: m.id,
        row: {
          ticketId: t.id,
          contactId: contactOf.get(String(m.contactId)) ?? t.contactId,
          whatsappId: t.whatsappId,
          externalId: str(m.id),
          body: media.body,
          fromMe: bool(m.fromMe),
          read: bool(m.read),
          ack: int(m.ack) ?? 0,
          mediaType: media.type,
          mediaUrl: media.url,
          mediaName: media.name,
          quotedMsgId: quotedId,
          quotedExternalId: m.quotedMsgId != null && quotedId === null ? str(m.quotedMsgId) : null,
          isDeleted: bool(m.isDeleted),
          isEdited: bool(m.isEdited),
          participant: m.participant == null ? null : str(m.participant),
          data: media.missing ? { importedFileMissing: media.missing } : null,
          createdAt,
          updatedAt: time(m.updatedAt) ?? createdAt,
        },
      });
    }
    if (rows.length) {
      await runPlatform(run.deps, async (tx) => {
        // The same provider id on the same connection is the same message (stored by another import).
        const { rows: written } = await tx.execute<{ id: string; externalId: string }>(sql`
          ${insertBatch(
            companyId,
            rows.map((r) => r.row),
          )}
          on conflict do nothing returning id, external_id as "externalId"`);
        const byExternal = new Map(written.map((w) => [w.externalId, Number(w.id)]));
        const pairs: [unknown, number][] = [];
        for (const r of rows) {
          const id = byExternal.get(r.row.externalId);
          if (id !== undefined) pairs.push([r.sourceId, id]);
          else run.problem(ids.source, 'messages', r.sourceId, 'already stored on this connection');
        }
        await run.remember(tx, 'messages', companyId, pairs);
        await linkQuotesInBatch(tx, rows, pairs);
        run.count(counts, 'messages', pairs.length);
      });
    }
    await run.progress();
  }
  if (missingFiles) {
    run.problem(
      ids.source,
      'messages',
      null,
      `${missingFiles} attachments not found: their messages say the file is missing`,
    );
  }
}

interface MessageMedia {
  type: MediaType;
  body: string;
  url: string | null;
  name: string | null;
  /** The source's file name when its file could not be copied. */
  missing: string | null;
}

async function messageMedia(run: ImportRun, m: SourceRow, companyId: number): Promise<MessageMedia> {
  const type = oneOf<MediaType>(m.mediaType, MEDIA_TYPES) ?? 'chat';
  const body = str(m.body);
  const file = str(m.mediaUrl).trim();
  if (!file || type === 'chat' || type === 'location' || type === 'vcard' || type === 'call_log') {
    return { type, body, url: null, name: null, missing: null };
  }
  const name = file.split('/').pop() ?? file;
  const key = await copyMedia(run, file, companyId);
  if (key) return { type, body, url: key, name, missing: null };
  const note = `[arquivo não importado: ${name}]`;
  return {
    type: 'chat',
    body: body && body !== name ? `${body}\n${note}` : note,
    url: null,
    name: null,
    missing: name,
  };
}

/** A quote of a message written in the same batch: linked now that both have ids. */
async function linkQuotesInBatch(tx: Tx, rows: { sourceId: unknown; row: MessageRow }[], pairs: [unknown, number][]) {
  const idOf = new Map(pairs.map(([s, id]) => [String(s), id]));
  const links = rows
    .map(
      (r) =>
        [idOf.get(String(r.sourceId)), r.row.quotedExternalId ? idOf.get(r.row.quotedExternalId) : undefined] as const,
    )
    .filter((l): l is readonly [number, number] => l[0] !== undefined && l[1] !== undefined);
  if (links.length === 0) return;
  // Array literals: drizzle would spread a JS array into one parameter per element.
  const ids = `{${links.map((l) => l[0]).join(',')}}`;
  const quoted = `{${links.map((l) => l[1]).join(',')}}`;
  await tx.execute(sql`
    update messages m set quoted_msg_id = v.q, quoted_external_id = null
      from unnest(${ids}::bigint[], ${quoted}::bigint[]) as v(id, q)
     where m.id = v.id`);
}
