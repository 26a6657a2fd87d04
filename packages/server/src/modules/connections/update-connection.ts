import { eq } from 'drizzle-orm';
import type { Connection, ConnectionUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { whatsappQueues, whatsapps } from '../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { loadConnection } from './connection-view.js';
import { assertGreeting } from '../queues/greeting-rule.js';
import { assertHolders } from '../queues/holder-refs.js';
import {
  assertQueues,
  duplicateToken,
  lockCompany,
  makeDefault,
  replaceQueues,
  settingToken,
  withoutCloudFields,
} from './connection-writes.js';
import { connectionEvents } from './connection-events.js';

/**
 * `PUT /whatsapp/{id}`: the fields given. A connection keeps its provider, and the default stays
 * until another one takes it.
 */
export async function updateConnection(ctx: Ctx, id: number, input: ConnectionUpdateBody) {
  const { companyId } = ctx.actor;
  const { queueIds, isDefault, ...given } = input;
  try {
    return await settingToken(ctx, given.token, () =>
      ctx.tenant(async (tx, events) => {
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
        await assertHolders(tx, fields);
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
        events.push(connectionEvents.saved(ctx.actor.companyId, view));
        return view;
      }),
    );
  } catch (err) {
    throw duplicateToken(err);
  }
}

wireMatches<Answer<typeof updateConnection>, Connection>(true);
