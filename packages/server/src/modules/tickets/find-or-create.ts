import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { contacts, tickets } from '../../db/schema/index.js';
import { contactView } from '../contacts/contact-view.js';
import { contactEvents } from '../contacts/contact-events.js';
import { tableRows } from '../../db/table-rows.js';
import { arrayPlaceholder, executeByShape, runStatement, statement } from '../../db/prepared.js';

/**
 * The contact of a number and its live ticket on a connection, found or created, set-based (one
 * statement for many), for every path that meets a number: inbound messages (receive-batch.ts)
 * and the external API's sends.
 */

type Contact = typeof contacts.$inferSelect;
type Ticket = typeof tickets.$inferSelect;

const contactRows = tableRows(contacts);
const ticketRows = tableRows(tickets);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The join that gives a new ticket its holder (the insert below, one statement): over a row `v`
 * with `whatsapp_id` and `is_group`, columns `holder.integration_id` and `holder.prompt_id` — the
 * connection's, none for a group. A ticket entering a queue takes the queue's instead
 * (automation/holder-entry.ts).
 */
const connectionHolderJoin = (v: string): SQL =>
  sql`left join lateral (select w.integration_id, w.prompt_id from whatsapps w
    where w.id = ${sql.raw(v)}.whatsapp_id and not ${sql.raw(v)}.is_group) holder on true`;

/** A phone number (or group) as a message shows it: the push name and device id when known. */
export interface SeenContact {
  number: string;
  name?: string;
  lid?: string;
  isGroup: boolean;
  whatsappId: number;
}

/**
 * `upsertContacts`' statement, rendered once. Its arrays behind `arrayPlaceholder`: as plain
 * parameters it was planned anew at every run (0.29 ms a message over ten busy companies).
 */
const upsertStatement = statement(sql`
  with v (number, name, lid, is_group, whatsapp_id) as (
    select * from unnest(${arrayPlaceholder('numbers')}::text[], ${arrayPlaceholder('names')}::text[],
      ${arrayPlaceholder('lids')}::text[], ${arrayPlaceholder('groups')}::boolean[], ${arrayPlaceholder('whatsappIds')}::int[])
  ), written as (
    insert into contacts (company_id, number, name, lid, is_group, whatsapp_id)
    select ${sql.placeholder('companyId')}, v.number, v.name, v.lid, v.is_group, v.whatsapp_id from v order by v.number
    on conflict (company_id, number) do update set
      name = case when contacts.name = contacts.number and excluded.name <> excluded.number
        then excluded.name else contacts.name end,
      lid = coalesce(excluded.lid, contacts.lid),
      updated_at = now()
    where (contacts.name = contacts.number and excluded.name <> excluded.number)
      or (excluded.lid is not null and excluded.lid is distinct from contacts.lid)
    returning ${contactRows.list()}
  )
  select *, true as "_written" from written
  union all
  select c.*, false from v cross join lateral (
    select ${contactRows.list()} from contacts where number = v.number limit 1) c
  where not exists (select 1 from written w where w.number = v.number)`);

/**
 * The contacts of these numbers, created on first sight, in one upsert by (company, number), in
 * number order. A push name fills the name only while the contact has none of its own (the
 * number): a name the staff chose is kept; a LID is kept. A known contact with nothing new is only
 * read, not rewritten: most messages come from customers already known, and a row version per
 * message is wasted work. A new or newly named contact is announced on the contact topic.
 */
export async function upsertContacts(
  tx: Tx,
  events: EventSink,
  companyId: number,
  list: SeenContact[],
): Promise<Map<string, Contact>> {
  const byNumber = new Map<string, { name?: string; lid?: string; isGroup: boolean; whatsappId: number }>();
  for (const seen of list) {
    const c = byNumber.get(seen.number) ?? { isGroup: seen.isGroup, whatsappId: seen.whatsappId };
    if (!c.name && seen.name?.trim()) c.name = seen.name.trim();
    c.lid ??= seen.lid;
    byNumber.set(seen.number, c);
  }
  const values = [...byNumber.entries()].sort(([a], [b]) => byText(a, b));
  const numbers = values.map(([n]) => n);
  const { rows } = await runStatement(tx, upsertStatement, {
    companyId,
    numbers,
    names: values.map(([n, c]) => c.name ?? n),
    lids: values.map(([, c]) => c.lid ?? null),
    groups: values.map(([, c]) => c.isGroup),
    whatsappIds: values.map(([, c]) => c.whatsappId),
  });
  const found = new Map(rows.map((r) => contactRows.map(r)).map((c) => [c.number, c]));
  // A contact seen for the first time, or given its name: the contacts page hears of it.
  for (const r of rows)
    if (r._written === true) events.push(contactEvents.updated(companyId, contactView(contactRows.map(r))));
  // A contact created by a concurrent batch after this statement began is not in its snapshot.
  const missing = numbers.filter((n) => !found.has(n));
  if (missing.length > 0) {
    const { rows: late } = await executeByShape(
      tx,
      sql`select ${contactRows.list()} from contacts where number = any(${sql.param(missing)}::text[])`,
    );
    for (const c of late.map((r) => contactRows.map(r))) found.set(c.number, c);
  }
  return found;
}

/** The key of `liveTickets`' answer. */
export const liveKey = (contactId: number, whatsappId: number) => `${contactId}:${whatsappId}`;

/** Each pair's live ticket, locked: looked up one pair at a time through the index, in the pairs' order. */
const liveStatement = statement(sql`
  select t.* from unnest(${arrayPlaceholder('contactIds')}::int[], ${arrayPlaceholder('whatsappIds')}::int[])
      with ordinality as p(contact_id, whatsapp_id, ord)
    cross join lateral (
      select ${ticketRows.list()} from tickets
      where contact_id = p.contact_id and whatsapp_id = p.whatsapp_id and status in ('pending', 'open')
      limit 1 for update) t
  order by p.ord`);

/** New pending tickets, each holding its connection's integration or prompt. */
const newTicketsStatement = statement(sql`
  insert into tickets (company_id, contact_id, whatsapp_id, is_group, status, integration_id, prompt_id)
  select ${sql.placeholder('companyId')}, v.contact_id, v.whatsapp_id, v.is_group, 'pending', holder.integration_id, holder.prompt_id
  from unnest(${sql.placeholder('contactIds')}::int[], ${sql.placeholder('whatsappIds')}::int[],
    ${sql.placeholder('groups')}::boolean[]) as v(contact_id, whatsapp_id, is_group)
    ${connectionHolderJoin('v')}
  order by v.contact_id, v.whatsapp_id
  on conflict do nothing
  returning ${ticketRows.list()}`);

/**
 * The live ticket (pending or open) of each (contact, connection), locked, or a new pending one
 * holding its connection's integration or prompt (`connectionHolderJoin`) — a closed ticket
 * is never silently reused. New tickets are inserted in one statement; one that
 * loses the race at the partial unique index `tickets_one_live_key` to a concurrent writer is read
 * back (the winner's). Keyed by `liveKey`.
 */
export async function liveTickets(
  tx: Tx,
  companyId: number,
  list: { contactId: number; whatsappId: number; isGroup: boolean }[],
): Promise<Map<string, Ticket>> {
  const wanted = new Map<string, { contactId: number; whatsappId: number; isGroup: boolean }>();
  for (const p of list) wanted.set(liveKey(p.contactId, p.whatsappId), p);
  const pairs = [...wanted.values()].sort((a, b) => a.contactId - b.contactId || a.whatsappId - b.whatsappId);
  const found = new Map<string, Ticket>();
  const readLive = async (of: typeof pairs) => {
    const { rows } = await runStatement(tx, liveStatement, {
      contactIds: of.map((p) => p.contactId),
      whatsappIds: of.map((p) => p.whatsappId),
    });
    for (const r of rows.map((row) => ticketRows.map(row))) found.set(liveKey(r.contactId, r.whatsappId!), r);
  };
  await readLive(pairs);
  const missing = pairs.filter((p) => !found.has(liveKey(p.contactId, p.whatsappId)));
  if (missing.length > 0) {
    const { rows } = await runStatement(tx, newTicketsStatement, {
      companyId,
      contactIds: missing.map((p) => p.contactId),
      whatsappIds: missing.map((p) => p.whatsappId),
      groups: missing.map((p) => p.isGroup),
    });
    for (const r of rows.map((row) => ticketRows.map(row))) found.set(liveKey(r.contactId, r.whatsappId!), r);
    const lost = missing.filter((p) => !found.has(liveKey(p.contactId, p.whatsappId)));
    if (lost.length > 0) await readLive(lost);
  }
  return found;
}
