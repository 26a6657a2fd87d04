import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { userQueues, users } from '../../db/schema/index.js';

/** What a user's sockets may hear about tickets: their queues, and queueless ones with allTicket. */
export async function socketScope(deps: Deps, companyId: number, userId: number) {
  return runTenant(deps, companyId, async (tx) => {
    const [user] = await tx.select({ allTicket: users.allTicket }).from(users).where(eq(users.id, userId));
    const links = await tx
      .select({ queueId: userQueues.queueId })
      .from(userQueues)
      .where(eq(userQueues.userId, userId));
    return { queueIds: links.map((l) => l.queueId), allTicket: user?.allTicket === 'enable' };
  });
}
