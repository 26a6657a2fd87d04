import { asc, eq } from 'drizzle-orm';
import type { SessionUser as SessionUserAnswer } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { wireMatches } from '../../platform/wire.js';
import { companies, plans, queues, userQueues, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { visibleSettings } from '../settings/visible-settings.js';
import { readSettings } from '../settings/read-setting.js';
import { userQueueRef } from '../users/user-view.js';

/**
 * The user as the web sees it after login and on /auth/me: who they are, their queues, and
 * their company with its plan (feature flags) and settings. Runs in the user's tenant scope.
 */
export async function serializeSessionUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ user: users, company: companies, plan: plans })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('user');
  const [userQueueRows, settingRows] = await Promise.all([
    tx
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(eq(userQueues.userId, userId))
      .orderBy(asc(queues.orderQueue), asc(queues.name)),
    readSettings(tx),
  ]);
  const { passwordHash: _omit, ...user } = row.user;
  return {
    ...user,
    queues: userQueueRows.map((q) => userQueueRef(userId, q)),
    company: { ...row.company, plan: row.plan, settings: visibleSettings(settingRows, row.user) },
  };
}
export type SessionUser = Awaited<ReturnType<typeof serializeSessionUser>>;

wireMatches<SessionUser, SessionUserAnswer>(true);
