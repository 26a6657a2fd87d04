import { asc } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { connectionViews } from './connection-view.js';
import type { Connection } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /whatsapp`: every connection of the company, by name (tokens to admins only). */
export function listConnections(ctx: Ctx) {
  return ctx.tenant(async (tx) =>
    connectionViews(tx, await tx.select().from(whatsapps).orderBy(asc(whatsapps.name), asc(whatsapps.id)), ctx.actor),
  );
}

wireMatches<Answer<typeof listConnections>, Connection[]>(true);
