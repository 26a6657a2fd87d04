import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { newToken } from './connection-writes.js';
import type { ConnectionToken } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `POST /whatsapp/{id}/token`: a new random API token (the old one stops working at once). */
export async function renewToken(ctx: Ctx, id: number) {
  const token = newToken();
  const [row] = await ctx.tenant((tx) =>
    tx
      .update(whatsapps)
      .set({ token, updatedAt: new Date() })
      .where(eq(whatsapps.id, id))
      .returning({ id: whatsapps.id }),
  );
  if (!row) throw notFound('connection');
  return { id: row.id, token };
}

wireMatches<Answer<typeof renewToken>, ConnectionToken>(true);
