import type { Queue, QueueBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { queues } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { assertGreeting } from './greeting-rule.js';
import { queueColumns } from './queue-view.js';
import { queueEvents } from './queue-events.js';
import { assertHolders } from './holder-refs.js';
import { lockCompany, unlessDuplicate } from './queue-writes.js';

/** `POST /queue` (admins): a queue within the plan's limit; the company hears it. */
export function createQueue(ctx: Ctx, input: QueueBody) {
  const { companyId } = ctx.actor;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const { queueLimit, queueCount } = await lockCompany(tx);
      // A limit of 0 means none, as for users and connections.
      if (queueLimit > 0 && queueCount >= queueLimit) {
        throw new AppError('ERR_PLAN_LIMIT', `Your plan allows ${queueLimit} queues`, { extra: { limit: queueLimit } });
      }
      assertGreeting(queueCount + 1, input.greetingMessage, 'queue');
      await assertHolders(tx, input);
      const [queue] = await tx
        .insert(queues)
        .values({ ...input, companyId })
        .returning(queueColumns);
      events.push(queueEvents.saved(companyId, 'create', queue!));
      return queue!;
    }),
  );
}

wireMatches<Answer<typeof createQueue>, Queue>(true);
