import { and, asc, count, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ContactListQuery, ContactOption, ContactPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { contactColumns } from './contact-view.js';

/**
 * `GET /contacts` → `{contacts, hasMore, count}`, 20 a page, by name. Filters:
 * - searchParam: name, number or email containing it, accents and case ignored ("jose" finds
 *   "José" and the other way round), through the tenant-bound search function of migrations 0037 and
 *   0043 (under row-level security LIKE cannot use the trigram index): a broad term's page from a
 *   walk in name order, a rare one's from the trigram index, and the exact count;
 * - date / dateStart / dateEnd: created that day / from that day / up to the end of that day.
 *   Days are the company's (its time zone, as the ticket list's `date`), not the server's or UTC:
 *   "contacts created on the 3rd" means the 3rd where the company works.
 */
export function listContacts(ctx: Ctx, q: ContactListQuery) {
  return ctx.tenant(async (tx) => {
    const created = await createdBounds(tx, q);
    const skip = (q.pageNumber - 1) * PAGE_SIZE;
    if (q.searchParam) return searchContacts(tx, q.searchParam, created, skip);
    const where = and(
      ...created.from.map((at) => gte(contacts.createdAt, at)),
      ...created.to.map((at) => lt(contacts.createdAt, at)),
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select(contactColumns)
        .from(contacts)
        .where(where)
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(PAGE_SIZE + 1)
        .offset(skip),
      tx.select({ n: count() }).from(contacts).where(where),
    ]);
    const { records, hasMore } = page(rows);
    return { contacts: records, hasMore, count: total?.n ?? 0 };
  });
}

/** `GET /contacts/list`: every contact of the company, by name (pickers): the short columns. */
export function allContacts(ctx: Ctx) {
  return ctx.tenant((tx) =>
    tx
      .select({
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        email: contacts.email,
        profilePicUrl: contacts.profilePicUrl,
      })
      .from(contacts)
      .orderBy(asc(contacts.name), asc(contacts.id)),
  );
}

/**
 * A search's page in one statement: the search function's ids and count, joined to those contacts
 * (under row-level security again; a left join, so a page past the end still has its count).
 * One statement rather than two: a round trip to PostgreSQL costs the product more CPU than
 * mapping 20 rows (docs/bench/contacts-search.md). U+001F joins the fields of the stored search
 * text; taken out of the search, a match never spans two fields.
 */
async function searchContacts(tx: Tx, search: string, created: Bounds, skip: number) {
  const pattern = likePattern(search.replaceAll('\u001f', ''));
  const rows = await tx
    .select({ total: sql<string>`found.total`, contact: contactColumns })
    .from(
      sql`tenant_contact_search(${pattern}, ${bound('greatest', created.from)}, ${bound('least', created.to)},
            ${PAGE_SIZE + 1}, ${skip}) found`,
    )
    .leftJoin(contacts, sql`${contacts.id} = any(found.ids)`)
    .orderBy(asc(contacts.name), asc(contacts.id));
  const { records, hasMore } = page(rows.flatMap((r) => (r.contact ? [r.contact] : [])));
  return { contacts: records, hasMore, count: Number(rows[0]?.total ?? 0) };
}

/** Instants created_at must reach (each of `from`) and stay below (each of `to`). */
interface Bounds {
  from: SQL[];
  to: SQL[];
}

async function createdBounds(tx: Tx, q: ContactListQuery): Promise<Bounds> {
  const bounds: Bounds = { from: [], to: [] };
  if (!q.date && !q.dateStart && !q.dateEnd) return bounds;
  const zone = await companyTimeZone(tx);
  if (q.date) bounds.from.push(dayStart(q.date, zone));
  if (q.date) bounds.to.push(dayEnd(q.date, zone));
  if (q.dateStart) bounds.from.push(dayStart(q.dateStart, zone));
  if (q.dateEnd) bounds.to.push(dayEnd(q.dateEnd, zone));
  return bounds;
}

/** The tightest of several bounds as one value for the search function, or null for none. */
const bound = (pick: 'greatest' | 'least', at: SQL[]) =>
  at.length > 0 ? sql`${sql.raw(pick)}(${sql.join(at, sql`, `)})` : sql`null::timestamptz`;

/** Midnight starting / ending the local day `day` (YYYY-MM-DD) of `zone`, as instants. */
const dayStart = (day: string, zone: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
const dayEnd = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

wireMatches<Answer<typeof listContacts>, ContactPage>(true);
wireMatches<Answer<typeof allContacts>, ContactOption[]>(true);
