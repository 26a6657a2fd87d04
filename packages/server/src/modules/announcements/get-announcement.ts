import type { Ctx } from '../../platform/context.js';
import { findAnnouncement } from './announcement-view.js';

/** `GET /announcements/{id}`: for super users any, for everyone else an active one (else 404). */
export const getAnnouncement = (ctx: Ctx, id: number) => findAnnouncement(ctx.deps.pools.platformDb, ctx.actor, id);
