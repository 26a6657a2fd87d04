import { and, eq, or, type SQL } from 'drizzle-orm';
import { can, type QuickMessage } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import { quickMessages } from '../../db/schema/index.js';
import type { Actor } from '../../platform/context.js';
import { noPermission, notFound } from '../../platform/errors.js';

export const quickMessageColumns = {
  id: quickMessages.id,
  shortcode: quickMessages.shortcode,
  message: quickMessages.message,
  userId: quickMessages.userId,
  geral: quickMessages.geral,
  status: quickMessages.status,
  mediaPath: quickMessages.mediaPath,
  mediaName: quickMessages.mediaName,
  createdAt: quickMessages.createdAt,
  updatedAt: quickMessages.updatedAt,
};

type Row = Awaited<ReturnType<typeof findReadable>>;

/**
 * A quick answer as the API shows it: `mediaPath` is the attachment's storage key, `mediaUrl`
 * the authenticated route the web fetches it from (with its access token, like the sandbox's
 * media), `isMedia` whether there is one.
 */
export const toView = (row: Row) => ({
  ...row,
  isMedia: row.mediaPath !== null,
  mediaUrl: row.mediaPath === null ? null : `/api/quick-messages/${row.id}/media`,
});
export type QuickMessageView = ReturnType<typeof toView>;

export const managesAll = (actor: Actor) => can(actor, 'quick-messages:manageAll');

/**
 * Who reads a quick answer: its owner, everyone of the company when it is `geral`, and admins
 * (`quick-messages:manageAll`). Anyone else gets 404, like another company's.
 */
export function readableWhere(actor: Actor): SQL | undefined {
  return managesAll(actor) ? undefined : or(eq(quickMessages.userId, actor.userId), eq(quickMessages.geral, true));
}

/** The answer when the caller may read it (optionally locked), else 404. */
export async function findReadable(tx: Tx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
  const query = tx
    .select(quickMessageColumns)
    .from(quickMessages)
    .where(and(eq(quickMessages.id, id), readableWhere(actor)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('quick message');
  return row;
}

/** The answer when the caller may change it: its owner or an admin; a readable one of someone else is 403. */
export async function findEditable(tx: Tx, actor: Actor, id: number) {
  const row = await findReadable(tx, actor, id, { lock: true });
  if (row.userId !== actor.userId && !managesAll(actor))
    throw noPermission('Only its owner or an admin changes a quick message');
  return row;
}

wireMatches<QuickMessageView, QuickMessage>(true);
