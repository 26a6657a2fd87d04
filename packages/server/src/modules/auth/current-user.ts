import type { SessionUser } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { serializeSessionUser } from './serialize-user.js';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /auth/me` (reachable while expired): the caller as login shows them, read fresh. */
export function currentUser(ctx: Ctx) {
  return ctx.tenant((tx) => serializeSessionUser(tx, ctx.actor.userId));
}

wireMatches<Answer<typeof currentUser>, SessionUser>(true);
