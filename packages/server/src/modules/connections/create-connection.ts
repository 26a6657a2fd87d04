import { count } from 'drizzle-orm';
import type { Connection, ConnectionBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { AppError, invalid } from '../../platform/errors.js';
import { loadConnection } from './connection-view.js';
import { assertGreeting } from '../queues/greeting-rule.js';
import { assertHolders } from '../queues/holder-refs.js';
import {
  assertQueues,
  duplicateToken,
  lockCompany,
  makeDefault,
  newToken,
  replaceQueues,
  settingToken,
  withoutCloudFields,
} from './connection-writes.js';
import { connectionEvents } from './connection-events.js';

/**
 * `POST /whatsapp`: a connection within the plan's limit (a Cloud API one with its credentials),
 * the company's default when it is the first or asks to be; its session starts at once.
 */
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
    const view = await settingToken(ctx, token, () =>
      ctx.tenant(async (tx, events) => {
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
        await assertHolders(tx, fields);
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
        events.push(connectionEvents.saved(ctx.actor.companyId, view));
        return view;
      }),
    );
    await ctx.deps.sessions.request(view.id, 'start');
    return view;
  } catch (err) {
    throw duplicateToken(err);
  }
}

wireMatches<Answer<typeof createConnection>, Connection>(true);
