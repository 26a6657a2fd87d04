import { eq } from 'drizzle-orm';
import type { Queue, QueueUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { queues } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { assertGreeting } from './greeting-rule.js';
import { loadQueue, queueColumns } from './queue-view.js';
import { queueEvents } from './queue-events.js';
import { assertHolders } from './holder-refs.js';
import { lockCompany, unlessDuplicate } from './queue-writes.js';
import { assignWaitingAndTell } from '../tickets/auto-assign.js';

/** `PUT /queue/{id}` (admins): the fields given; the company hears it. Turning autoAssign on offers its waiting tickets. */
export function updateQueue(ctx: Ctx, id: number, input: QueueUpdateBody) {
  const { companyId } = ctx.actor;
  return unlessDuplicate(
    ctx.tenant(async (tx, events, uow) => {
      const { queueCount } = await lockCompany(tx);
      const before = await loadQueue(tx, id);
      if (!before) throw notFound('queue');
      assertGreeting(queueCount, input.greetingMessage ?? before.greetingMessage, 'queue');
      await assertHolders(tx, input);
      const [queue] = await tx
        .update(queues)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(queues.id, id))
        .returning(queueColumns);
      events.push(queueEvents.saved(companyId, 'update', queue!));
      // Turned on: the tickets already waiting there are offered at once.
      if (queue!.autoAssign && !before.autoAssign) await assignWaitingAndTell(uow, companyId, [id]);
      return queue!;
    }),
  );
}

wireMatches<Answer<typeof updateQueue>, Queue>(true);
