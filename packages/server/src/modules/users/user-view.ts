import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queues, userQueues, users } from '../../db/schema/index.js';
import type { User } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';

/** Users as the API shows them: never the password hash; with their queues. */
export const userColumns = {
  id: users.id,
  companyId: users.companyId,
  name: users.name,
  email: users.email,
  profile: users.profile,
  super: users.super,
  whatsappId: users.whatsappId,
  allTicket: users.allTicket,
  language: users.language,
  online: users.online,
  presence: users.presence,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** A user's queue as answers carry it: with its `UserQueue` link, the spec's name for it. */
export function userQueueRef(userId: number, q: { id: number; name: string; color: string }) {
  return { id: q.id, name: q.name, color: q.color, UserQueue: { userId, queueId: q.id } };
}

export async function withQueues<T extends { id: number }>(tx: Tx, rows: T[]) {
  if (rows.length === 0) return [];
  const links = await tx
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(
      inArray(
        userQueues.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(queues.name));
  return rows.map((r) => {
    const own = links.filter((l) => l.userId === r.id).map((l) => userQueueRef(r.id, l));
    return { ...r, queues: own, queueIds: own.map((q) => q.id) };
  });
}

export async function loadUser(tx: Tx, id: number) {
  const rows = await tx.select(userColumns).from(users).where(eq(users.id, id));
  return (await withQueues(tx, rows))[0];
}
export type UserView = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

wireMatches<UserView, User>(true);
