import { sql, type SQL } from 'drizzle-orm';
import type { KanbanLaneCount } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';

/**
 * How many of the tickets `where` keeps sit in each lane: a ticket's lane is its first kanban tag
 * in the board's lane order (name, then id: `GET /tags/kanban`), else the open lane (null) — the
 * web's `laneOf`. One pass over the tickets with a lookup on each one's ticket_tags key.
 */
export async function laneCounts(tx: Tx, where: SQL | undefined): Promise<KanbanLaneCount[]> {
  // Written out qualified: drizzle drops the table names of columns inside a sub-select's field.
  const lane = sql<number | null>`(select tt.tag_id from ticket_tags tt join tags g on g.id = tt.tag_id
     where tt.company_id = ${tickets}.company_id and tt.ticket_id = ${tickets}.id and g.kanban = 1
     order by g.name, g.id limit 1)`;
  const perTicket = tx.select({ lane: lane.as('lane') }).from(tickets).where(where).as('per_ticket');
  const rows = await tx
    .select({ tagId: perTicket.lane, count: sql<number>`count(*)`.mapWith(Number) })
    .from(perTicket)
    .groupBy(perTicket.lane);
  return rows.map((r) => ({ tagId: r.tagId === null ? null : Number(r.tagId), count: r.count }));
}
