import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ScheduleListQuery, SchedulePage } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contacts, schedules } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectSchedules, toView } from './schedule-view.js';

/**
 * `GET /schedules` → `{schedules, count, hasMore}`: the company's schedules whose text or
 * contact's name contains the search (any case), of one contact when `contactId` is given,
 * latest `sendAt` first, 20 a page; `count` is every one matching.
 */
export function listSchedules(ctx: Ctx, q: ScheduleListQuery) {
  return ctx.tenant(async (tx) => {
    const pattern = q.searchParam ? likePattern(q.searchParam) : undefined;
    const where: SQL | undefined = and(
      q.contactId !== undefined ? eq(schedules.contactId, q.contactId) : undefined,
      pattern ? or(ilike(schedules.body, pattern), ilike(contacts.name, pattern)) : undefined,
    );
    const rows = await selectSchedules(tx)
      .where(where)
      .orderBy(desc(schedules.sendAt), desc(schedules.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx
      .select({ n: count() })
      .from(schedules)
      .innerJoin(contacts, eq(contacts.id, schedules.contactId))
      .where(where);
    const { records, hasMore } = page(rows);
    return { schedules: records.map(toView), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listSchedules>, SchedulePage>(true);
