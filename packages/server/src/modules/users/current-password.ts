import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { users } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { limitFailures } from '../../platform/rate-events.js';
import { emailFailures } from '../auth/login.js';

/**
 * A user changing their own password proves they know the current one, so a session alone (a
 * token taken from an open browser) cannot take the account over. Missing: 400 `currentPassword:
 * required`; wrong: 400 `currentPassword: wrongPassword` (not 401: the session is fine), counted
 * as a failed login of the user's email, so it gives no more guesses than the login does.
 */
export async function assertCurrentPassword(ctx: Ctx, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) throw invalid({ currentPassword: 'required' }, 'Give your current password to change it');
  const [me] = await ctx.tenant((tx) =>
    tx
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, ctx.actor.userId)),
  );
  if (!me) throw notFound('user');
  await limitFailures(ctx.deps.pools.platformDb, [emailFailures(me.email)], async () => {
    if (!(await verifyPassword(currentPassword, me.passwordHash))) {
      throw invalid({ currentPassword: 'wrongPassword' }, 'The current password is wrong');
    }
  });
}
