import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadConnection } from './connection-view.js';
import type { Connection } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /whatsapp/{id}`: one connection of the company (tokens to admins only). */
export async function getConnection(ctx: Ctx, id: number) {
  const view = await ctx.tenant((tx) => loadConnection(tx, id, ctx.actor));
  if (!view) throw notFound('connection');
  return view;
}

wireMatches<Answer<typeof getConnection>, Connection>(true);
