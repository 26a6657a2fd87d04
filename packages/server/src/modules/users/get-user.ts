import { can, type User } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadUser } from './user-view.js';

/** `GET /users/{id}`: admins read any user of the company; anyone else only themself (else 404). */
export async function getUser(ctx: Ctx, id: number) {
  const { actor } = ctx;
  if (!can(actor, 'users:manage') && id !== actor.userId) throw notFound('user');
  const user = await ctx.tenant((tx) => loadUser(tx, id));
  if (!user) throw notFound('user');
  return user;
}

wireMatches<Answer<typeof getUser>, User>(true);
