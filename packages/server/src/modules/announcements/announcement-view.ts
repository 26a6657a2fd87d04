import { and, eq, type SQL } from 'drizzle-orm';
import type { Announcement } from '@balcao/contracts';
import type { Database, Tx } from '../../db/client.js';
import { announcements } from '../../db/schema/index.js';
import type { Actor } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

// Announcements are platform data (no company): read and written through the platform pool.

/** Super users see every announcement; everyone else the active ones only (others answer 404). */
export const visibleWhere = (actor: Actor): SQL | undefined =>
  actor.super ? undefined : eq(announcements.status, true);

/** One announcement the caller may see (locked for a change when asked), else 404. */
export async function findAnnouncement(db: Database | Tx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleWhere(actor)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('announcement');
  return row;
}
export type AnnouncementView = Awaited<ReturnType<typeof findAnnouncement>>;

wireMatches<AnnouncementView, Announcement>(true);
