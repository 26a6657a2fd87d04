import { randomBytes } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import type { ConnectionBody, ConnectionUpdateBody } from '@balcao/contracts';
import type { Ctx, EventSink } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { companies, plans, queues, whatsappQueues, whatsapps } from '../../db/schema/index.js';
import { AppError, invalid, isUniqueViolation, notFound } from '../../platform/errors.js';
import { ownRows } from '../../platform/own-rows.js';
import { loadConnection } from './connection-view.js';
import { assertGreeting } from '../queues/greeting-rule.js';

export const newToken = () => randomBytes(32).toString('base64url');

/** The company's queues among `ids` (tenant scope: another company's are unknown here). */
const assertQueues = (tx: Tx, ids: number[], field = 'queueIds') => ownRows(tx, queues, ids, field);

/**
 * Every write to a company's connections takes its company row first: the plan limit and the
 * one-default rule are decided one writer at a time (two edits both making "their" connection
 * the default would otherwise meet at the unique index), always in the same lock order.
 */
async function lockCompany(tx: Tx) {
  const [limit] = await tx
    .select({ connections: plans.connections })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  return limit;
}

const CLOUD_FIELDS = ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken'] as const;

/** Cloud API fields mean nothing to the other providers: not stored for them. */
function withoutCloudFields<T extends Partial<Record<(typeof CLOUD_FIELDS)[number], unknown>>>(fields: T): T {
  const copy = { ...fields };
  for (const key of CLOUD_FIELDS) delete copy[key];
  return copy;
}

async function replaceQueues(tx: Tx, companyId: number, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  if (queueIds.length > 0) {
    await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId, queueId })));
  }
}

/** Makes `id` the company's only default connection. */
async function makeDefault(tx: Tx, id: number) {
  await tx
    .update(whatsapps)
    .set({ isDefault: false })
    .where(and(eq(whatsapps.isDefault, true), ne(whatsapps.id, id)));
  await tx.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, id));
}

function publish(ctx: Ctx, events: EventSink, whatsapp: unknown) {
  events.push({
    companyId: ctx.actor.companyId,
    topic: 'whatsapp',
    payload: { action: 'update', whatsapp },
    audience: { to: 'admins' },
  });
}

export async function createConnection(ctx: Ctx, input: ConnectionBody) {
  const { companyId } = ctx.actor;
  if (input.provider === 'cloud') {
    const missing = (['phoneNumberId', 'accessToken', 'appSecret'] as const).filter((k) => !input[k]);
    if (missing.length > 0) throw invalid(Object.fromEntries(missing.map((k) => [k, 'required'])));
  }
  assertGreeting(new Set(input.queueIds).size, input.greetingMessage, 'connection');
  const { queueIds, token, isDefault: _isDefault, ...given } = input;
  const fields = given.provider === 'cloud' ? given : withoutCloudFields(given);
  try {
    const view = await ctx.tenant(async (tx, events) => {
      // Two concurrent creations cannot both pass the plan limit.
      const limit = await lockCompany(tx);
      const [current] = await tx.select({ n: count() }).from(whatsapps);
      const existing = current?.n ?? 0;
      if (limit && limit.connections > 0 && existing >= limit.connections) {
        throw new AppError('ERR_PLAN_LIMIT', `Your plan allows ${limit.connections} connections`, {
          extra: { limit: limit.connections },
        });
      }
      const wantedQueues = await assertQueues(tx, queueIds);
      if (fields.transferQueueId) await assertQueues(tx, [fields.transferQueueId], 'transferQueueId');
      const [row] = await tx
        .insert(whatsapps)
        .values({
          ...fields,
          companyId,
          isDefault: false,
          token: token ?? newToken(),
          verifyToken: fields.provider === 'cloud' ? (fields.verifyToken ?? newToken()) : null,
          status: 'OPENING',
          sessionWanted: true,
        })
        .returning({ id: whatsapps.id });
      // The first connection is the default one; asking for it moves the default here.
      if (existing === 0 || input.isDefault) await makeDefault(tx, row!.id);
      await replaceQueues(tx, companyId, row!.id, wantedQueues);
      const view = (await loadConnection(tx, row!.id, ctx.actor))!;
      publish(ctx, events, view);
      return view;
    });
    await ctx.deps.sessions.request(view.id, 'start');
    return view;
  } catch (err) {
    if (isUniqueViolation(err, 'whatsapps_token_key')) throw invalid({ token: 'duplicated' }, 'This token is in use');
    throw err;
  }
}

export async function updateConnection(ctx: Ctx, id: number, input: ConnectionUpdateBody) {
  const { companyId } = ctx.actor;
  const { queueIds, isDefault, ...given } = input;
  try {
    return await ctx.tenant(async (tx, events) => {
      await lockCompany(tx);
      const [before] = await tx.select().from(whatsapps).where(eq(whatsapps.id, id)).for('update');
      if (!before) throw notFound('connection');
      const fields = before.provider === 'cloud' ? given : withoutCloudFields(given);
      const links = await tx
        .select({ id: whatsappQueues.queueId })
        .from(whatsappQueues)
        .where(eq(whatsappQueues.whatsappId, id));
      const nextQueues = queueIds ? await assertQueues(tx, queueIds) : links.map((l) => l.id);
      if (fields.transferQueueId) await assertQueues(tx, [fields.transferQueueId], 'transferQueueId');
      assertGreeting(nextQueues.length, fields.greetingMessage ?? before.greetingMessage, 'connection');
      if (isDefault === false && before.isDefault) {
        throw new AppError(
          'ERR_NO_OTHER_WHATSAPP',
          'At least one default connection is needed: make another one the default',
        );
      }
      if (fields.provider && fields.provider !== before.provider) {
        throw invalid({ provider: 'immutable' }, 'A connection keeps its provider');
      }
      await tx
        .update(whatsapps)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(whatsapps.id, id));
      if (isDefault) await makeDefault(tx, id);
      if (queueIds) await replaceQueues(tx, companyId, id, nextQueues);
      const view = (await loadConnection(tx, id, ctx.actor))!;
      publish(ctx, events, view);
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'whatsapps_token_key')) throw invalid({ token: 'duplicated' }, 'This token is in use');
    throw err;
  }
}

/**
 * Deleting the default connection hands the default to the oldest remaining one. The session is
 * logged out first (while the channel still has its auth state), but only once the connection is
 * known to be the caller's company's: another company's id answers 404 and touches nothing.
 */
export async function deleteConnection(ctx: Ctx, id: number) {
  // Not wanted any more: the registry stops it after the logout instead of starting it again.
  const [mine] = await ctx.tenant((tx) =>
    tx.update(whatsapps).set({ sessionWanted: false }).where(eq(whatsapps.id, id)).returning({ id: whatsapps.id }),
  );
  if (!mine) throw notFound('connection');
  await ctx.deps.sessions.request(id, 'logout');
  await ctx.tenant(async (tx, events) => {
    await lockCompany(tx);
    const [gone] = await tx.delete(whatsapps).where(eq(whatsapps.id, id)).returning();
    if (!gone) throw notFound('connection');
    if (gone.isDefault) {
      const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps).orderBy(whatsapps.id).limit(1);
      if (next) await makeDefault(tx, next.id);
    }
    events.push({
      companyId: ctx.actor.companyId,
      topic: 'whatsapp',
      payload: { action: 'delete', whatsappId: id },
      audience: { to: 'admins' },
    });
  });
}
