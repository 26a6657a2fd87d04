import { inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketTag } from '@balcao/contracts';
import { tags, tickets, ticketTags } from '../../db/schema/index.js';

/**
 * A ticket's tags `[{id, name, color, kanban}]` by name, as one column of the ticket view's
 * select: a lookup per shown ticket on the ticket_tags key, no extra round trip.
 */
export const ticketTagsColumn = sql<TicketTag[]>`coalesce((
  select json_agg(
    json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban})
    order by ${tags.name}, ${tags.id})
  from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
  where ${ticketTags.companyId} = ${tickets.companyId} and ${ticketTags.ticketId} = ${tickets.id}
), '[]'::json)`;

/**
 * `GET /tickets?tags=[…]`: tickets carrying every one of the tags (each tag narrows the list).
 * PostgreSQL builds the set of matching ticket ids once, from the (company, tag, ticket) index.
 */
export function taggedWithAll(companyId: number, tagIds: readonly number[]): SQL {
  const ids = [...new Set(tagIds)];
  return sql`${tickets.id} in (
    select ${ticketTags.ticketId} from ${ticketTags}
    where ${ticketTags.companyId} = ${companyId} and ${inArray(ticketTags.tagId, ids)}
    group by ${ticketTags.ticketId} having count(*) = ${ids.length}
  )`;
}
