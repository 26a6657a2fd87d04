import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, plans, queues } from '../../db/schema/index.js';
import { AppError, invalid, isUniqueViolation } from '../../platform/errors.js';

// What a queue's creation and update share.

/**
 * Every queue save takes its company row first: the plan limit and the greeting rule both count
 * the company's queues, and two concurrent saves must not both count the old number.
 */
export async function lockCompany(tx: Tx) {
  const [company] = await tx
    .select({ queueLimit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  const [current] = await tx.select({ n: count() }).from(queues);
  return { queueLimit: company?.queueLimit ?? 0, queueCount: current?.n ?? 0 };
}

/** The unique indexes are the checks: a name is a field error, a colour has its own code. */
export async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
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
