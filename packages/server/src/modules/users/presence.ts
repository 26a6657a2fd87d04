import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { users } from '../../db/schema/index.js';

/**
 * A user is online while one of their tabs holds a socket (the web also sends `userStatus`
 * every 5 minutes). The dashboard's attendant table reads `online`.
 */
export async function setPresence(deps: Deps, companyId: number, userId: number, online: boolean): Promise<void> {
  await runTenant(deps, companyId, (tx) =>
    tx.update(users).set({ online, lastSeenAt: new Date() }).where(eq(users.id, userId)),
  );
}
