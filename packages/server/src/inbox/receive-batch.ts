import { sql, type SQL } from 'drizzle-orm';
import type { Deps, Uow } from '../platform/context.js';
import { runTenantRetrying } from './retry-transaction.js';
import type { Tx } from '../db/client.js';
import { messages, tickets } from '../db/schema/index.js';
import type { ConnectionRef, InboundMessage } from '../channels/channel.js';
import { previewOf } from '../modules/messages/preview.js';
import { insertMessageRows } from '../modules/messages/message-rows.js';
import { botMayAct } from '../automation/chatbot-jobs.js';
import type { Candidate } from '../automation/responder.js';
import { claimBatch, type Claimed } from '../automation/responders.js';
import { tableRows } from '../db/table-rows.js';
import { liveKey, liveTickets, upsertContacts } from '../modules/tickets/find-or-create.js';
import { messageEvents } from '../modules/messages/message-events.js';
import { ticketEvents } from '../modules/tickets/ticket-events.js';
import { loadTicketViews } from '../modules/tickets/ticket-view.js';
import { arrayPlaceholder, executeByShape, runStatement, statement } from '../db/prepared.js';

/** One inbound message of a batch; its media (if any) is already in storage. */
export interface BatchItem {
  conn: ConnectionRef;
  msg: InboundMessage;
  media?: { key: string; name: string };
}

type Ticket = typeof tickets.$inferSelect;
type Message = typeof messages.$inferSelect;

/**
 * What became of one item: stored (with its ticket as committed, and the responder that claimed
 * it, automation/responders.ts), or a duplicate.
 */
export type BatchReceived =
  | {
      stored: true;
      messageId: number;
      ticketId: number;
      ticket: Ticket;
      claimed?: Claimed;
    }
  | { stored: false; reason: 'duplicate' };

/**
 * Stores a batch of inbound messages of one company — one message of a session, a whole webhook
 * delivery, or several (group-commit.ts) — in one transaction of a fixed number of statements,
 * whatever the number of messages: exactly once, contact by number, the live ticket or a new
 * pending one, unread count, preview and last customer message time, and their events,
 * set-based: locks, duplicate check, contacts, live tickets (plus one insert when new ones are
 * needed), messages with their tickets' update. Answers one result per item, in order. Nothing
 * reacts before the commit; `reactToBatch` (after-receive.ts) runs after it.
 *
 * Exactly once: transaction-scoped advisory locks on every (connection, external id), taken in
 * one sorted order, line up concurrent deliveries of the same messages; the duplicate check
 * that follows is then exact. Contacts and tickets are also
 * locked in sorted order, so two batches sharing customers wait for each other rather than
 * deadlock (one that still does is run again); the unique indexes (messages,
 * `tickets_one_live_key`) stay the backstop.
 */
export async function receiveBatch(
  deps: Deps,
  companyId: number,
  items: readonly BatchItem[],
): Promise<BatchReceived[]> {
  if (items.length === 0) return [];
  return runTenantRetrying(deps, companyId, 'inbound batch', (_tx, _events, uow) =>
    storeBatch(deps, uow, companyId, items),
  );
}

const keyOf = (whatsappId: number, externalId: string) => `${whatsappId}\u0000${externalId}`;

/**
 * Whether (connection, external id) is stored: a correlated lookup, one index probe per row. Set
 * forms (`in (select … from unnest…)`, joins) let the planner hash every message of the company
 * (row-level security leaves it the company as the only filter), which grows with the table.
 */
export const storedAlready = (w: SQL, e: SQL) =>
  sql`(select true from messages m where m.whatsapp_id = ${w} and m.external_id = ${e})`;

const lockKeys = statement(sql`
  select pg_advisory_xact_lock(w, hashtext(e))
  from (select w, e from unnest(${arrayPlaceholder('ws')}::int[], ${arrayPlaceholder('es')}::text[]) as k(w, e)
        order by w, hashtext(e)) locks`);

const storedKeys = statement(sql`
  select v.w, v.e, ${storedAlready(sql`v.w`, sql`v.e`)} as seen
  from unnest(${arrayPlaceholder('ws')}::int[], ${arrayPlaceholder('es')}::text[]) as v(w, e)`);

/** A customer's message (not a group's) on a pending ticket nobody attends and no rating awaits: automation may answer. */
function unattended(msg: InboundMessage, t: Ticket): boolean {
  return !msg.fromMe && !msg.isGroup && t.status === 'pending' && t.userId === null && !t.ratingPending;
}

async function storeBatch(deps: Deps, uow: Uow, companyId: number, items: readonly BatchItem[]) {
  const { tx, events } = uow;
  const results: BatchReceived[] = items.map(() => ({ stored: false, reason: 'duplicate' }) as const);
  // The first occurrence of a message in the batch is the one stored; a repeat is a duplicate.
  const first = new Map<string, number>();
  items.forEach((it, i) => {
    if (it.conn.companyId !== companyId) throw new Error('a batch holds one company');
    const key = keyOf(it.conn.id, it.msg.externalId);
    if (!first.has(key)) first.set(key, i);
  });
  const keys = [...first.keys()].map((k) => items[first.get(k)!]!);
  const ws = keys.map((it) => it.conn.id);
  const es = keys.map((it) => it.msg.externalId);

  await runStatement(tx, lockKeys, { ws, es });
  const { rows: seen } = await runStatement<{ w: number; e: string; seen: boolean | null }>(tx, storedKeys, { ws, es });
  const stored = new Set(seen.filter((r) => r.seen).map((r) => keyOf(r.w, r.e)));
  const fresh = [...first.values()].filter((i) => !stored.has(keyOf(items[i]!.conn.id, items[i]!.msg.externalId)));
  if (fresh.length === 0) return results;

  const contactOf = await upsertContacts(
    tx,
    events,
    companyId,
    fresh.map((i) => {
      const { conn, msg } = items[i]!;
      // Our own phone's push name is not the customer's.
      const name = msg.fromMe ? undefined : msg.contact.name;
      return { number: msg.contact.number, name, lid: msg.contact.lid, isGroup: msg.isGroup, whatsappId: conn.id };
    }),
  );
  const ticketOf = await liveTickets(
    tx,
    companyId,
    fresh.map((i) => ({
      contactId: contactOf.get(items[i]!.msg.contact.number)!.id,
      whatsappId: items[i]!.conn.id,
      isGroup: items[i]!.msg.isGroup,
    })),
  );
  const pairOf = (it: BatchItem) => ticketOf.get(liveKey(contactOf.get(it.msg.contact.number)!.id, it.conn.id))!;

  const {
    rows,
    tickets: updated,
    botMayAct: mayAct,
  } = await insertMessages(
    tx,
    companyId,
    fresh.map((i) => ({
      item: items[i]!,
      contactId: contactOf.get(items[i]!.msg.contact.number)!.id,
      ticketId: pairOf(items[i]!).id,
    })),
  );
  const rowOf = new Map(rows.map((r) => [keyOf(r.whatsappId!, r.externalId!), r]));
  const storedItems: { index: number; row: Message }[] = [];
  for (const i of fresh) {
    const row = rowOf.get(keyOf(items[i]!.conn.id, items[i]!.msg.externalId));
    // Absent: the unique index caught a message stored behind our back.
    if (row) storedItems.push({ index: i, row });
  }

  // Who answers each customer message automation may answer: the responders, by priority, each
  // queueing its jobs here (automation/responders.ts).
  const candidates: Candidate[] = [];
  for (const { index, row } of storedItems) {
    const msg = items[index]!.msg;
    const ticket = updated.get(row.ticketId)!;
    if (!unattended(msg, ticket)) continue;
    candidates.push({
      messageId: row.id,
      ticketId: row.ticketId,
      whatsappId: items[index]!.conn.id,
      body: msg.body,
      isText: msg.type === 'chat',
      ticket,
      botMayAct: mayAct.has(row.ticketId),
    });
  }
  const claimed = await claimBatch(deps, uow, companyId, candidates);

  const contactById = new Map([...contactOf.values()].map((c) => [c.id, c]));
  // The events carry each ticket whole (contact, queue, user, connection, tags), as the lists
  // and the spec's client show it: every ticket of the batch read in one statement.
  const views = new Map((await loadTicketViews(tx, [...updated.keys()])).map((v) => [v.id, v]));
  for (const { index, row } of storedItems) {
    const ticket = updated.get(row.ticketId)!;
    const contact = contactById.get(row.contactId!)!;
    results[index] = {
      stored: true,
      messageId: row.id,
      ticketId: row.ticketId,
      ticket,
      claimed: claimed.get(row.id),
    };
    events.push(messageEvents.created(companyId, { ...row, contact }, views.get(row.ticketId)!, contact));
  }
  for (const view of views.values()) events.push(...ticketEvents.changed(companyId, view));
  return results;
}

const ticketRows = tableRows(tickets);
const messageRows = tableRows(messages);

/** `insertMessages`' statement, rendered once. */
const insertStatement = statement(sql`
  with v as (
    select * from unnest(${arrayPlaceholder('ticketId')}::int[], ${arrayPlaceholder('contactId')}::int[],
      ${arrayPlaceholder('whatsappId')}::int[], ${arrayPlaceholder('externalId')}::text[],
      ${arrayPlaceholder('body')}::text[], ${arrayPlaceholder('fromMe')}::boolean[],
      ${arrayPlaceholder('type')}::text[], ${arrayPlaceholder('mediaKey')}::text[],
      ${arrayPlaceholder('mediaName')}::text[], ${arrayPlaceholder('quotedExternalId')}::text[],
      ${arrayPlaceholder('participant')}::text[],
      ${arrayPlaceholder('timestamp')}::timestamptz[],
      ${arrayPlaceholder('preview')}::text[])
      with ordinality as v(ticket_id, contact_id, whatsapp_id, external_id, body, from_me, media_type, media_url,
        media_name, quoted_external_id, participant, created_at, preview, ord)
  ), inserted as (
    ${insertMessageRows(
      {
        companyId: sql.placeholder('companyId'),
        ticketId: sql`v.ticket_id`,
        contactId: sql`v.contact_id`,
        whatsappId: sql`v.whatsapp_id`,
        externalId: sql`v.external_id`,
        body: sql`v.body`,
        fromMe: sql`v.from_me`,
        // A message sent from the phone itself is already on WhatsApp: never queued.
        ack: sql`case when v.from_me then 1 else 0 end`,
        read: sql`v.from_me`,
        mediaType: sql`v.media_type`,
        mediaUrl: sql`v.media_url`,
        mediaName: sql`v.media_name`,
        quotedMsgId: sql`(select q.id from messages q where q.whatsapp_id = v.whatsapp_id and q.external_id = v.quoted_external_id)`,
        quotedExternalId: sql`v.quoted_external_id`,
        participant: sql`v.participant`,
        createdAt: sql`v.created_at`,
      },
      sql`from v order by v.ord`,
    )}
    on conflict (whatsapp_id, external_id) do nothing
    returning ${messageRows.list()}
  ), per_ticket as (
    select i."ticketId" as id, count(*) filter (where not i."fromMe") as unread,
      (array_agg(v.preview order by v.ord desc))[1] as preview,
      (array_agg(v.created_at order by v.ord desc))[1] as at,
      max(v.created_at) filter (where not i."fromMe") as wrote_at,
      min(v.created_at) filter (where not i."fromMe") as first_wrote
    from inserted i join v on v.whatsapp_id = i."whatsappId" and v.external_id = i."externalId"
    group by i."ticketId"
  ), cycles as (
    -- The attendance report's start: the customer's first message of the ticket's current cycle,
    -- kept once set (a cycle made later reads it from the messages: modules/tickets/tracking.ts).
    update ticket_tracking c set first_customer_at = p.first_wrote
    from per_ticket p
    where c.ticket_id = p.id and c.finished_at is null and c.first_customer_at is null and p.first_wrote is not null
  ), updated as (
    update tickets t set
      last_message = p.preview,
      last_message_at = p.at,
      unread_messages = t.unread_messages + p.unread,
      last_customer_message_at = case when p.unread > 0 then now() else t.last_customer_message_at end,
      -- The first customer message nobody answered yet starts the wait (orderBy=waitingLongest).
      waiting_since = case when p.unread > 0 then coalesce(t.waiting_since, now()) else t.waiting_since end,
      -- The provider's own time of the customer's newest message (the Cloud API's 24-hour window).
      customer_wrote_at = greatest(t.customer_wrote_at, p.wrote_at),
      updated_at = now()
    from per_ticket p
    where t.id = p.id and t.id = any(${arrayPlaceholder('ticketIds')}::int[])
    returning ${ticketRows.list('t')}, ${botMayAct('t')} as "botMayAct"
  )
  select 'm' as kind, to_jsonb(inserted) as row from inserted
  union all
  select 't', to_jsonb(updated) from updated`);

/**
 * The messages in one insert, in the batch's order (ids follow it), and in the same statement
 * each touched ticket's unread count (the customer's messages), preview and its time (the
 * newest message) and last customer message time, from the rows actually inserted. A quote is resolved against
 * stored messages in the insert itself, and against messages of this same batch right after.
 */
async function insertMessages(
  tx: Tx,
  companyId: number,
  list: { item: BatchItem; contactId: number; ticketId: number }[],
): Promise<{ rows: Message[]; tickets: Map<number, Ticket>; botMayAct: Set<number> }> {
  const col = <T>(f: (e: (typeof list)[number]) => T) => list.map(f);
  const ticketIds = [...new Set(list.map((e) => e.ticketId))];
  const { rows: raw } = await runStatement<{ kind: 'm' | 't'; row: Record<string, unknown> }>(tx, insertStatement, {
    companyId,
    ticketIds,
    ticketId: col((e) => e.ticketId),
    contactId: col((e) => e.contactId),
    whatsappId: col((e) => e.item.conn.id),
    externalId: col((e) => e.item.msg.externalId),
    body: col((e) => e.item.msg.body),
    fromMe: col((e) => e.item.msg.fromMe),
    type: col((e) => e.item.msg.type),
    mediaKey: col((e) => e.item.media?.key ?? null),
    mediaName: col((e) => e.item.media?.name ?? null),
    quotedExternalId: col((e) => e.item.msg.quotedExternalId ?? null),
    participant: col((e) => e.item.msg.participant?.number ?? null),
    timestamp: col((e) => e.item.msg.timestamp.toISOString()),
    preview: col((e) => previewOf(e.item.msg.type, e.item.msg.body)),
  });
  const rows = raw.filter((r) => r.kind === 'm').map((r) => messageRows.map(r.row));
  const tickets = new Map(
    raw
      .filter((r) => r.kind === 't')
      .map((r) => ticketRows.map(r.row))
      .map((t) => [t.id, t]),
  );

  const mayAct = new Set(raw.filter((r) => r.kind === 't' && r.row.botMayAct === true).map((r) => Number(r.row.id)));

  const byKey = new Map(rows.map((r) => [keyOf(r.whatsappId!, r.externalId!), r]));
  const inBatch = rows.filter(
    (r) => r.quotedExternalId && r.quotedMsgId === null && byKey.has(keyOf(r.whatsappId!, r.quotedExternalId)),
  );
  if (inBatch.length === 0) return { rows, tickets, botMayAct: mayAct };
  const { rows: patched } = await executeByShape(
    tx,
    sql`
    update messages m set quoted_msg_id = q.quoted
    from unnest(${sql.param(inBatch.map((r) => r.id))}::bigint[],
      ${sql.param(inBatch.map((r) => byKey.get(keyOf(r.whatsappId!, r.quotedExternalId!))!.id))}::bigint[]) as q(id, quoted)
    where m.id = q.id and m.id = any(${sql.param(inBatch.map((r) => r.id))}::bigint[])
    returning ${messageRows.list('m')}`,
  );
  for (const r of patched.map((row) => messageRows.map(row))) byKey.set(keyOf(r.whatsappId!, r.externalId!), r);
  return { rows: rows.map((r) => byKey.get(keyOf(r.whatsappId!, r.externalId!))!), tickets, botMayAct: mayAct };
}
