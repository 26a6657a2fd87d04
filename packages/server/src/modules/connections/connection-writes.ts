import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { limitDuplicateAnswers } from '../../platform/duplicate-probes.js';
import { companies, plans, queues, whatsappQueues, whatsapps } from '../../db/schema/index.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';
import { ownRows } from '../../platform/own-rows.js';

// What the writes to a company's connections share (create, update, delete, a new token).

/** A connection's API token: random, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** The company's queues among `ids` (tenant scope: another company's are unknown here). */
export const assertQueues = (tx: Tx, ids: number[], field = 'queueIds') => ownRows(tx, queues, ids, field);

/**
 * Every write to a company's connections takes its company row first: the plan limit and the
 * one-default rule are decided one writer at a time (two edits both making "their" connection
 * the default would otherwise meet at the unique index), always in the same lock order.
 */
export async function lockCompany(tx: Tx) {
  const [limit] = await tx
    .select({ connections: plans.connections })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  return limit;
}

const CLOUD_FIELDS = [
  'phoneNumberId',
  'accessToken',
  'appSecret',
  'verifyToken',
  'wabaId',
  'messagesPerSecond',
] as const;

/** Cloud API fields mean nothing to the other providers: not stored for them. */
export function withoutCloudFields<T extends Partial<Record<(typeof CLOUD_FIELDS)[number], unknown>>>(fields: T): T {
  const copy = { ...fields };
  for (const key of CLOUD_FIELDS) delete copy[key];
  return copy;
}

export async function replaceQueues(tx: Tx, companyId: number, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  if (queueIds.length > 0) {
    await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId, queueId })));
  }
}

/** Makes `id` the company's only default connection. */
export async function makeDefault(tx: Tx, id: number) {
  await tx
    .update(whatsapps)
    .set({ isDefault: false })
    .where(and(eq(whatsapps.isDefault, true), ne(whatsapps.id, id)));
  await tx.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, id));
}

const isTokenInUse = (err: unknown) => isUniqueViolation(err, 'whatsapps_token_key');

/**
 * Tokens are unique across companies (the index `whatsapps_token_key` decides): one in use is 400
 * on `token`, the same answer whichever company holds it (any other answer to a collision with
 * another company's token would tell as much; what bounds the probing is the count below).
 */
export function duplicateToken(err: unknown): unknown {
  return isTokenInUse(err) ? invalid({ token: 'duplicated' }, 'This token is in use') : err;
}

/** A write setting a token the caller chose: its "in use" answers count against the company's limit. */
export const settingToken = <T>(ctx: Ctx, token: string | undefined, work: () => Promise<T>): Promise<T> =>
  token === undefined ? work() : limitDuplicateAnswers(ctx, 'token', work, isTokenInUse);
