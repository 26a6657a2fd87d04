import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { QuickMessage, QuickMessageListQuery, QuickMessagePage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Actor, Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { noPermission } from '../../platform/errors.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { managesAll, quickMessageColumns, toView } from './quick-message-view.js';

/** Whose answers a list shows: the caller's, or — for admins — the user named by `userId`. */
function ownerOf(actor: Actor, userId: number | undefined): number {
  if (userId === undefined || userId === actor.userId) return actor.userId;
  if (!managesAll(actor)) throw noPermission("Only an admin lists another user's quick messages");
  return userId;
}

/** That user's answers plus the company-wide (`geral`) ones. */
const ownPlusShared = (owner: number) => or(eq(quickMessages.userId, owner), eq(quickMessages.geral, true));
const order = [asc(quickMessages.shortcode), asc(quickMessages.id)];

/**
 * `GET /quick-messages` → `{records, hasMore}`: the owner's answers and the shared ones whose
 * shortcode or message contains the search (any case), by shortcode, 20 a page.
 */
export function listQuickMessages(ctx: Ctx, q: QuickMessageListQuery) {
  const owner = ownerOf(ctx.actor, q.userId);
  return ctx.tenant(async (tx) => {
    const pattern = q.searchParam ? likePattern(q.searchParam) : undefined;
    const rows = await tx
      .select(quickMessageColumns)
      .from(quickMessages)
      .where(
        and(
          ownPlusShared(owner),
          pattern ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined,
        ),
      )
      .orderBy(...order)
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const { records, hasMore } = page(rows);
    return { records: records.map(toView), hasMore };
  });
}

/** `GET /quick-messages/list`: the same set, whole, as a bare array (the composer's `/` menu). */
export function allQuickMessages(ctx: Ctx, userId: number | undefined) {
  const owner = ownerOf(ctx.actor, userId);
  return ctx.tenant(async (tx) =>
    (
      await tx
        .select(quickMessageColumns)
        .from(quickMessages)
        .where(ownPlusShared(owner))
        .orderBy(...order)
    ).map(toView),
  );
}

wireMatches<Answer<typeof listQuickMessages>, QuickMessagePage>(true);
wireMatches<Answer<typeof allQuickMessages>, QuickMessage[]>(true);
