import { count, eq } from 'drizzle-orm';
import type { QueueBody, QueueUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { companies, plans, queues } from '../../db/schema/index.js';
import { AppError, invalid, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertGreeting } from './greeting-rule.js';
import { loadQueue, publishQueue, queueColumns } from './queue-view.js';

/**
 * Every queue save takes its company row first: the plan limit and the greeting rule both count
 * the company's queues, and two concurrent saves must not both count the old number.
 */
async function lockCompany(tx: Tx) {
  const [company] = await tx
    .select({ queueLimit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  const [current] = await tx.select({ n: count() }).from(queues);
  return { queueLimit: company?.queueLimit ?? 0, queueCount: current?.n ?? 0 };
}

/** The unique indexes are the checks: a name is a field error, a colour has its own code. */
async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'queues_company_name_key')) {
      throw invalid({ name: 'duplicated' }, 'A queue with this name already exists');
    }
    if (isUniqueViolation(err, 'queues_company_color_key')) {
      throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'Another queue already uses this colour');
    }
    throw err;
  }
}

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
      const [queue] = await tx
        .insert(queues)
        .values({ ...input, companyId })
        .returning(queueColumns);
      publishQueue(events, companyId, 'create', queue!);
      return queue!;
    }),
  );
}

export function updateQueue(ctx: Ctx, id: number, input: QueueUpdateBody) {
  const { companyId } = ctx.actor;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const { queueCount } = await lockCompany(tx);
      const before = await loadQueue(tx, id);
      if (!before) throw notFound('queue');
      assertGreeting(queueCount, input.greetingMessage ?? before.greetingMessage, 'queue');
      const [queue] = await tx
        .update(queues)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(queues.id, id))
        .returning(queueColumns);
      publishQueue(events, companyId, 'update', queue!);
      return queue!;
    }),
  );
}
