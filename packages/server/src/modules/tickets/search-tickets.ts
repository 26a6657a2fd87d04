import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TICKETS_PAGE_SIZE, type MatchedMessage, type TicketListOrder } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { messages, tickets } from '../../db/schema/index.js';
import { likePattern } from '../../platform/pagination.js';
import { listOrder } from './list-conditions.js';

/** The newest tickets of the list, tested one by one before anything else. */
const PROBE = 100;
/** A walk that would have to test more tickets than this answers from the set of matches instead. */
const MAX_WALK = 1_500;

export interface SearchPage {
  /** The page's ticket ids, in the list's order. */
  ids: number[];
  count: number;
  hasMore: boolean;
}

/**
 * One page of `GET /tickets?searchParam=…`: the tickets the list's conditions (`where`) keep whose
 * contact name or number, or any message's text, contains the search (case-insensitive).
 *
 * Which plan is cheap depends on how common the text is, and PostgreSQL cannot tell here (docs/
 * bench/inbox-plans.md, §2 and P3), so the search decides from what it sees:
 * 1. the walk: the newest PROBE tickets of the list, each tested through its own index ranges
 *    (its contact in the matching contacts, or `exists` a matching message), stopping as soon
 *    as the page and the one after it are found — a frequent word fills the page in a few dozen;
 * 2. when the probe found some but not enough, its hit rate says how far the page lies: the walk
 *    goes on that far (with a margin) if that is within MAX_WALK;
 * 3. otherwise the matching set from the indexed functions (a rare text: a small set), the page
 *    driven from it with its exact count in the same pass.
 * The count is exact unless a walk filled the page: it is then the number of matches the walk
 * found (a lower bound, past the shown tickets, with `hasMore`); counting every match of a
 * frequent word is what took seconds. A walk that tested the whole list is exact too.
 */
export async function searchTickets(
  tx: Tx,
  companyId: number,
  where: SQL | undefined,
  search: string,
  pageNumber: number,
  orderBy: TicketListOrder = 'recent',
): Promise<SearchPage> {
  const pattern = likePattern(search);
  const skip = (pageNumber - 1) * TICKETS_PAGE_SIZE;
  // Every match up to the end of the page, and one more to know whether another page follows.
  const wanted = skip + TICKETS_PAGE_SIZE + 1;
  const walk = walker(tx, companyId, where, pattern, orderBy);

  const found = await walk(0, PROBE, wanted);
  let walked = PROBE;
  const further = found.length < wanted ? reach(found.length, wanted) : undefined;
  if (further !== undefined) {
    // A ticket updated between the two statements may move and be met twice.
    const seen = new Set(found);
    for (const id of await walk(PROBE, further - PROBE, wanted - found.length)) if (!seen.has(id)) found.push(id);
    walked = further;
  }
  if (found.length >= wanted || (await listShorterThan(tx, where, walked))) {
    const page = found.slice(skip, wanted);
    return { ids: page.slice(0, TICKETS_PAGE_SIZE), count: found.length, hasMore: page.length > TICKETS_PAGE_SIZE };
  }
  return fromSet(tx, companyId, where, search, skip, orderBy);
}

/**
 * How many tickets a walk must test to find `wanted` matches, at the rate the probe found them
 * (`hits` of PROBE) with half again as margin; undefined when none were found or it is too far.
 */
function reach(hits: number, wanted: number): number | undefined {
  if (hits === 0) return undefined;
  const tickets = Math.ceil(((PROBE * wanted) / hits) * 1.5);
  return tickets <= MAX_WALK ? tickets : undefined;
}

/**
 * The matches among the tickets at positions [skip, skip + take) of the list, in its order, at
 * most `limit` of them. PostgreSQL stops walking once it has `limit`. The message test reads
 * only that ticket's range of `messages_company_ticket_idx`; the contacts come from the trigram
 * function once per statement.
 */
function walker(tx: Tx, companyId: number, where: SQL | undefined, pattern: string, orderBy: TicketListOrder) {
  return async (skip: number, take: number, limit: number): Promise<number[]> => {
    const w = tx
      .select({
        id: tickets.id,
        updatedAt: tickets.updatedAt,
        waitingSince: tickets.waitingSince,
        contactId: tickets.contactId,
      })
      .from(tickets)
      .where(where)
      .orderBy(...listOrder(orderBy))
      .offset(skip)
      .limit(take)
      .as('w');
    const rows = await tx
      .select({ id: w.id })
      .from(w)
      .where(
        or(
          sql`${w.contactId} in (select tenant_contact_ids(${pattern}))`,
          sql`exists (select 1 from ${messages} where ${messages.companyId} = ${companyId}
                and ${messages.ticketId} = ${w.id} and lower(${messages.body}) like ${pattern})`,
        ),
      )
      .orderBy(
        ...(orderBy === 'waitingLongest'
          ? [sql`${w.waitingSince} asc nulls last`, asc(w.id)]
          : [desc(w.updatedAt), desc(w.id)]),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  };
}

/** Whether the list holds fewer than `n` tickets (then a walk of `n` tested all of them). */
async function listShorterThan(tx: Tx, where: SQL | undefined, n: number): Promise<boolean> {
  const head = tx
    .select({ one: sql`1`.as('one') })
    .from(tickets)
    .where(where)
    .limit(n)
    .as('head');
  const [row] = await tx.select({ n: count() }).from(head);
  return (row?.n ?? 0) < n;
}

const byContact = alias(tickets, 'by_contact');

/**
 * The tickets whose messages contain the search or whose contact matches, as the functions of
 * migrations 0008 and 0013 find them through their indexes.
 */
function matchingSet(tx: Tx, companyId: number, search: string): SQL {
  const pattern = likePattern(search);
  const ofContacts = tx
    .select({ id: byContact.id })
    .from(byContact)
    .where(
      and(eq(byContact.companyId, companyId), sql`${byContact.contactId} in (select tenant_contact_ids(${pattern}))`),
    );
  return sql`${tickets.id} in (select tenant_message_ticket_ids(${search}) union ${ofContacts})`;
}

/** The page from the set of matches, with their exact count. */
async function fromSet(
  tx: Tx,
  companyId: number,
  where: SQL | undefined,
  search: string,
  skip: number,
  orderBy: TicketListOrder,
): Promise<SearchPage> {
  const matching = and(where, matchingSet(tx, companyId, search));
  const rows = await tx
    .select({ id: tickets.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tickets)
    .where(matching)
    .orderBy(...listOrder(orderBy))
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset(skip);
  // The window count is taken before the limit, but a page past the end has no row to carry it.
  const total = rows[0]?.total ?? (skip > 0 ? await countOf(tx, matching) : 0);
  return {
    ids: rows.slice(0, TICKETS_PAGE_SIZE).map((r) => r.id),
    count: total,
    hasMore: rows.length > TICKETS_PAGE_SIZE,
  };
}

async function countOf(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(tickets).where(where);
  return row?.n ?? 0;
}

/**
 * For each of the page's tickets, the newest of its messages whose text contains the search (the
 * walk's test, lower-cased), one `messages_company_ticket_idx` range read backwards per ticket,
 * stopping at the first hit. A ticket found by its contact's name or number alone has none.
 */
export async function matchedMessages(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
  search: string,
): Promise<Map<number, MatchedMessage>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.execute<{ ticket_id: number; id: number; body: string; created_at: string }>(sql`
    select p.id as ticket_id, mm.id, mm.body, mm.created_at from unnest(${sql.param([...ids])}::int[]) as p(id)
    cross join lateral (
      select m.id, m.body, m.created_at from ${messages} m
       where m.company_id = ${companyId} and m.ticket_id = p.id and lower(m.body) like ${likePattern(search)}
       order by m.id desc limit 1) mm`);
  return new Map(
    rows.map((r) => [
      Number(r.ticket_id),
      { id: Number(r.id), body: r.body, createdAt: new Date(r.created_at).toISOString() },
    ]),
  );
}
