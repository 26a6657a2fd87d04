import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tags, ticketTags, users } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import type { Tag } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';

/** A tag as the API shows it: its fields and how many tickets carry it (all of the company's). */
export const tagColumns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  userId: tags.userId,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
  ticketsCount: sql<number>`(
    select count(*)::int from ${ticketTags}
    where ${ticketTags.companyId} = ${tags.companyId} and ${ticketTags.tagId} = ${tags.id}
  )`,
};

/** One tag of the caller's company (row-level security hides the others), or undefined. */
export async function loadTag(tx: Tx, id: number) {
  const [row] = await tx.select(tagColumns).from(tags).where(eq(tags.id, id));
  return row;
}

export type TagView = NonNullable<Awaited<ReturnType<typeof loadTag>>>;

/**
 * Refuses tag ids that are not the company's (400 naming `tags.{i}.id`). Checked by reading
 * through row-level security: the foreign key alone would accept another company's tag.
 */
export async function ensureCompanyTags(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await tx
        .select({ id: tags.id })
        .from(tags)
        .where(inArray(tags.id, [...ids]))
    ).map((r) => r.id),
  );
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw invalid({ [`tags.${bad}.id`]: 'notFound' }, 'Unknown tag');
}

/** `userId` of a tag must name a user of the company (400 otherwise). */
export async function ensureCompanyUser(tx: Tx, userId: number): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw invalid({ userId: 'notFound' }, 'Unknown user');
}

wireMatches<TagView, Tag>(true);
