import { asc, eq, inArray } from 'drizzle-orm';
import { can, SECRET_MASK, type PermissionSubject, type Connection } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import { queues, whatsappQueues, whatsapps } from '../../db/schema/index.js';

type Row = typeof whatsapps.$inferSelect;

/** A secret shown only by its last four characters. */
const mask = (secret: string | null) => (secret ? `${SECRET_MASK}${secret.slice(-4)}` : null);

/**
 * A connection as the API shows it: with its queues; the API token only to admins; Cloud API
 * secrets never in full.
 */
export async function connectionViews(tx: Tx, rows: Row[], viewer: PermissionSubject) {
  if (rows.length === 0) return [];
  const links = await tx
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(
      inArray(
        whatsappQueues.whatsappId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  const admin = can(viewer, 'connections-page:editOrDeleteConnection');
  return rows.map(({ accessToken, appSecret, token, sessionWanted: _internal, ...row }) => {
    const own = links.filter((l) => l.whatsappId === row.id).map(({ id, name, color }) => ({ id, name, color }));
    return {
      ...row,
      token: admin ? token : undefined,
      accessToken: mask(accessToken),
      appSecret: mask(appSecret),
      verifyToken: admin ? row.verifyToken : undefined,
      queues: own,
      queueIds: own.map((q) => q.id),
    };
  });
}

export async function loadConnection(tx: Tx, id: number, viewer: PermissionSubject) {
  const rows = await tx.select().from(whatsapps).where(eq(whatsapps.id, id));
  return (await connectionViews(tx, rows, viewer))[0];
}
export type ConnectionView = NonNullable<Awaited<ReturnType<typeof loadConnection>>>;

wireMatches<ConnectionView, Connection>(true);
