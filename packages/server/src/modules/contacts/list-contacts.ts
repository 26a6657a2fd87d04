import { and, asc, count, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ContactListQuery, ContactOption, ContactPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { companies, contacts } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { contactColumns } from './contact-view.js';

/**
 * `GET /contacts` → `{contacts, hasMore, count}`, 20 a page, by name. Filters:
 * - searchParam: name or number containing it (case-insensitive), through the tenant-bound
 *   search function (migration 0008: under row-level security LIKE cannot use the trigram index);
 * - date / dateStart / dateEnd: created that day / from that day / up to the end of that day.
 *   Days are the company's (its time zone, as the ticket list's `date`), not the server's or UTC:
 *   "contacts created on the 3rd" means the 3rd where the company works.
 */
export function listContacts(ctx: Ctx, q: ContactListQuery) {
  return ctx.tenant(async (tx) => {
    const where = and(...(await conditions(tx, q)));
    const [rows, [total]] = await Promise.all([
      tx
        .select(contactColumns)
        .from(contacts)
        .where(where)
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(PAGE_SIZE + 1)
        .offset((q.pageNumber - 1) * PAGE_SIZE),
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

async function conditions(tx: Tx, q: ContactListQuery): Promise<SQL[]> {
  const conds: SQL[] = [];
  if (q.searchParam) {
    conds.push(inArray(contacts.id, sql`(select tenant_contact_ids(${likePattern(q.searchParam)}))`));
  }
  if (q.date || q.dateStart || q.dateEnd) {
    const zone = await timeZone(tx);
    if (q.date)
      conds.push(gte(contacts.createdAt, dayStart(q.date, zone)), lt(contacts.createdAt, dayEnd(q.date, zone)));
    if (q.dateStart) conds.push(gte(contacts.createdAt, dayStart(q.dateStart, zone)));
    if (q.dateEnd) conds.push(lt(contacts.createdAt, dayEnd(q.dateEnd, zone)));
  }
  return conds;
}

async function timeZone(tx: Tx): Promise<string> {
  const [company] = await tx.select({ zone: companies.timezone }).from(companies);
  return company?.zone ?? 'America/Sao_Paulo';
}

/** Midnight starting / ending the local day `day` (YYYY-MM-DD) of `zone`, as instants. */
const dayStart = (day: string, zone: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
const dayEnd = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

wireMatches<Answer<typeof listContacts>, ContactPage>(true);
wireMatches<Answer<typeof allContacts>, ContactOption[]>(true);
