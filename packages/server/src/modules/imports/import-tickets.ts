import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TICKET_STATUSES, type ImportCounts, type TicketStatus } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { ticketTags, tickets } from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import { insertFromArrays } from './array-insert.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import type { StaffMaps } from './import-staff.js';
import { bool, int, oneOf, ref, str, time } from './source-values.js';

const BATCH = 1000;

/** The columns a ticket row sets (insertFromArrays). */
const TICKET_ARRAYS = {
  uuid: 'uuid',
  companyId: 'int',
  contactId: 'int',
  status: 'text',
  whatsappId: 'int',
  queueId: 'int',
  userId: 'int',
  unreadMessages: 'int',
  lastMessage: 'text',
  lastMessageAt: 'timestamptz',
  isGroup: 'boolean',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const;

type TicketRow = typeof tickets.$inferInsert;

/** Inserts what does not break a rule; answers source id → new id of those written. */
async function insertTickets(tx: Tx, rows: { sourceId: unknown; row: TicketRow }[]) {
  if (rows.length === 0) return new Map<string, number>();
  const { rows: written } = await tx.execute<{ id: number; uuid: string }>(sql`
    ${insertFromArrays(
      tickets,
      TICKET_ARRAYS,
      rows.map((r) => r.row),
    )}
    -- Another live ticket of the same contact on the same connection (the product keeps one).
    on conflict do nothing returning id, uuid`);
  const byUuid = new Map(written.map((w) => [w.uuid, Number(w.id)]));
  const out = new Map<string, number>();
  for (const r of rows) {
    const id = byUuid.get(r.row.uuid!);
    if (id !== undefined) out.set(String(r.sourceId), id);
  }
  return out;
}

/**
 * Tickets with their status, user, queue and tags, a batch per transaction. A second live ticket
 * of a contact on one connection (Balcão keeps one) is imported closed, and reported.
 */
export async function importTickets(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  counts: ImportCounts,
) {
  const hasTags = source.has('TicketTags');
  for await (const batch of source.byId('Tickets', ids.source, BATCH)) {
    const done = await run.mapped(
      'tickets',
      batch.map((r) => r.id),
    );
    const todo = batch.filter((r) => !done.has(String(r.id)));
    const tagRows =
      hasTags && todo.length
        ? await source.all(`select "ticketId", "tagId" from "TicketTags" where "ticketId" = any($1)`, [
            todo.map((r) => r.id),
          ])
        : [];
    if (ids.target === null) {
      run.count(counts, 'tickets', todo.length);
      run.count(counts, 'ticketTags', tagRows.length);
      continue;
    }
    const companyId = ids.target;
    const contactsOf = await run.mapped(
      'contacts',
      todo.map((r) => r.contactId),
    );
    const rows: { sourceId: unknown; row: TicketRow }[] = [];
    for (const t of todo) {
      const contactId = ref(contactsOf, t.contactId);
      if (contactId === null) {
        run.problem(ids.source, 'tickets', t.id, `contact ${str(t.contactId)} not imported`);
        continue;
      }
      const status = oneOf<TicketStatus>(t.status, TICKET_STATUSES);
      if (!status) run.problem(ids.source, 'tickets', t.id, `status "${str(t.status)}" imported as closed`);
      rows.push({ sourceId: t.id, row: ticketRow(t, companyId, contactId, status ?? 'closed', maps) });
    }
    await runPlatform(run.deps, async (tx) => {
      const ids1 = await insertTickets(tx, rows);
      const second = rows.filter((r) => !ids1.has(String(r.sourceId)));
      for (const r of second) {
        run.problem(
          ids.source,
          'tickets',
          r.sourceId,
          'another live ticket of the contact on the connection: imported closed',
        );
      }
      const ids2 = await insertTickets(
        tx,
        second.map((r) => ({ sourceId: r.sourceId, row: { ...r.row, status: 'closed' as const, uuid: randomUUID() } })),
      );
      const written = new Map([...ids1, ...ids2]);
      await run.remember(tx, 'tickets', companyId, [...written.entries()]);
      run.count(counts, 'tickets', written.size);
      const links = tagRows
        .map((l) => ({ ticketId: written.get(String(l.ticketId)), tagId: ref(maps.tags, l.tagId) }))
        .filter((l): l is { ticketId: number; tagId: number } => l.ticketId !== undefined && l.tagId !== null);
      if (links.length) {
        const added = await tx
          .insert(ticketTags)
          .values(links.map((l) => ({ companyId, ...l })))
          .onConflictDoNothing()
          .returning({ ticketId: ticketTags.ticketId });
        run.count(counts, 'ticketTags', added.length);
      }
    });
    await run.progress();
  }
}

function ticketRow(
  t: SourceRow,
  companyId: number,
  contactId: number,
  status: TicketStatus,
  maps: StaffMaps,
): TicketRow {
  const updatedAt = time(t.updatedAt) ?? new Date();
  return {
    uuid: randomUUID(),
    companyId,
    contactId,
    status,
    whatsappId: ref(maps.connections, t.whatsappId),
    queueId: ref(maps.queues, t.queueId),
    userId: ref(maps.users, t.userId),
    unreadMessages: int(t.unreadMessages) ?? 0,
    lastMessage: str(t.lastMessage),
    lastMessageAt: updatedAt,
    isGroup: bool(t.isGroup),
    createdAt: time(t.createdAt) ?? updatedAt,
    updatedAt,
  };
}
