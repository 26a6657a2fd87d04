import { asc, ilike, or } from 'drizzle-orm';
import type { PageQuery, UserOption, UserPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { users } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { userColumns, withQueues } from './user-view.js';

/** `GET /users` (admins): a page of the company's users, searched by name or email. */
export function listUsers(ctx: Ctx, { searchParam, pageNumber }: PageQuery) {
  return ctx.tenant(async (tx) => {
    const rows = await tx
      .select(userColumns)
      .from(users)
      .where(
        searchParam
          ? or(ilike(users.name, likePattern(searchParam)), ilike(users.email, likePattern(searchParam)))
          : undefined,
      )
      .orderBy(asc(users.name), asc(users.id))
      .limit(PAGE_SIZE + 1)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const { records, hasMore } = page(rows);
    return { users: await withQueues(tx, records), hasMore };
  });
}

/** `GET /users/list`: everyone may list colleagues (transfer dialogs, filters): names and queues only. */
export function allUsers(ctx: Ctx) {
  return ctx.tenant(async (tx) => {
    const rows = await tx
      .select({ id: users.id, name: users.name, profile: users.profile, online: users.online, presence: users.presence })
      .from(users)
      .orderBy(asc(users.name));
    return withQueues(tx, rows);
  });
}

wireMatches<Answer<typeof listUsers>, UserPage>(true);
wireMatches<Answer<typeof allUsers>, UserOption[]>(true);
