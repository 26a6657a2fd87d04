import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { channelLeases } from '../db/schema/index.js';

/** A lease lives 20 s and is renewed every 5 s: a dead holder's sessions move within ~25 s. */
export const LEASE_TTL_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

/**
 * Exactly one process holds a connection's live session. Taking a lease succeeds when nobody
 * holds it, when it expired, or when we already hold it — in one statement, so two processes
 * can never both win.
 */
export async function tryAcquire(platformDb: Database, holder: string, whatsappId: number, companyId: number) {
  const expiresAt = sql`now() + ${`${LEASE_TTL_MS} milliseconds`}::interval`;
  const rows = await platformDb
    .insert(channelLeases)
    .values({ whatsappId, companyId, holder, expiresAt })
    .onConflictDoUpdate({
      target: channelLeases.whatsappId,
      set: { holder, expiresAt },
      setWhere: or(lt(channelLeases.expiresAt, sql`now()`), eq(channelLeases.holder, holder)),
    })
    .returning({ holder: channelLeases.holder });
  return rows.length > 0;
}

/** Renews every lease we hold; answers the ids we still hold (a lost one must stop its session). */
export async function renew(platformDb: Database, holder: string): Promise<Set<number>> {
  const rows = await platformDb
    .update(channelLeases)
    .set({ expiresAt: sql`now() + ${`${LEASE_TTL_MS} milliseconds`}::interval` })
    .where(eq(channelLeases.holder, holder))
    .returning({ whatsappId: channelLeases.whatsappId });
  return new Set(rows.map((r) => r.whatsappId));
}

export async function release(platformDb: Database, holder: string, whatsappId?: number): Promise<void> {
  await platformDb
    .delete(channelLeases)
    .where(
      whatsappId === undefined
        ? eq(channelLeases.holder, holder)
        : and(eq(channelLeases.holder, holder), eq(channelLeases.whatsappId, whatsappId)),
    );
}
