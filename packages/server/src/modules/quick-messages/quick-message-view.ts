import { and, eq, or, type SQL } from 'drizzle-orm';
import { can } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { quickMessages } from '../../db/schema/index.js';
import type { Actor, Audience, EventSink } from '../../platform/context.js';
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

/** Who hears about an answer: the company when it is shared, else its owner and the admins. */
const audienceOf = (r: Pick<Row, 'geral' | 'userId'>): Audience =>
  r.geral
    ? { to: 'company' }
    : r.userId === null
      ? { to: 'admins' }
      : { to: 'user', userId: r.userId, alsoAdmins: true };

/**
 * `company-{id}-quickmessage {action, record}`. An answer that stopped being shared is first
 * removed from everyone's view (`{action:'delete', id, updatedAt}`); its owner and the admins
 * hear both and keep the version that is as new as `updatedAt`, whatever order they arrive in.
 */
export function pushQuickMessage(
  events: EventSink,
  companyId: number,
  action: 'create' | 'update',
  record: QuickMessageView,
  before?: Pick<Row, 'geral'>,
): void {
  if (before?.geral && !record.geral) pushQuickMessageDelete(events, companyId, { ...before, ...record, geral: true });
  events.push({ companyId, topic: 'quickmessage', payload: { action, record }, audience: audienceOf(record) });
}

export function pushQuickMessageDelete(
  events: EventSink,
  companyId: number,
  record: Pick<Row, 'id' | 'geral' | 'userId' | 'updatedAt'>,
): void {
  events.push({
    companyId,
    topic: 'quickmessage',
    payload: { action: 'delete', id: record.id, updatedAt: record.updatedAt },
    audience: audienceOf(record),
  });
}
