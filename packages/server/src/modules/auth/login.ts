import { eq } from 'drizzle-orm';
import { can, LOGIN_LIMIT, type LoginBody, type LoginAnswer } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { runPlatform, type Deps } from '../../platform/context.js';
import { issueInvoices } from '../invoices/issue-invoices.js';
import { companies, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/passwords.js';
import { limitFailures, type RateRule } from '../../platform/rate-events.js';
import { expiredMessage } from '../../platform/guard.js';
import { subscriptionActive } from '../../platform/session.js';
import { openSession } from './open-session.js';

const FAIL = 'login-fail';
/** Failed logins of one email: also counts wrong current passwords given to change one's own (users/current-password.ts). */
export const emailFailures = (email: string): RateRule => ({
  kind: FAIL,
  key: `email:${email}`,
  max: LOGIN_LIMIT.perEmail,
  windowMinutes: LOGIN_LIMIT.windowMinutes,
});
let dummyHash: Promise<string> | undefined;

/**
 * Same answer for an unknown email and a wrong password, after the same amount of work. Only
 * failures count (`limitFailures`): every attempt holds a place while its password is checked and
 * gives it back once the password is right (even when the subscription has expired), so right
 * passwords sent at once wait for their turn rather than being refused.
 *
 * An expired company's login is refused (402), but a user who may pay (`invoices:manage`) of a
 * company not switched off gets a billing token in that answer (`billingToken`, made by the
 * route): the billing routes take it, so the company pays and then signs in as usual.
 */
export async function login(
  deps: Deps,
  input: LoginBody & { ip: string },
  billingToken: (userId: number) => string = () => '',
) {
  const db = deps.pools.platformDb;
  const keys = [
    emailFailures(input.email),
    { kind: FAIL, key: `ip:${input.ip}`, max: LOGIN_LIMIT.perIp, windowMinutes: LOGIN_LIMIT.windowMinutes },
  ];
  const row = await limitFailures(db, keys, async () => {
    const [found] = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, input.email))
      .limit(1);
    const ok = found
      ? await verifyPassword(input.password, found.user.passwordHash)
      : await verifyPassword(input.password, await (dummyHash ??= hashPassword('not-a-password'))).then(() => false);
    if (!found || !ok) throw new AppError('ERR_INVALID_CREDENTIALS', 'Wrong email or password');
    if (needsRehash(found.user.passwordHash)) {
      // An imported (bcrypt) hash: replaced by the product's own scheme now the password is known.
      const passwordHash = await hashPassword(input.password);
      await db.update(users).set({ passwordHash }).where(eq(users.id, found.user.id));
    }
    return found;
  });
  if (!subscriptionActive(row)) {
    const mayPay = row.company.status && can(row.user, 'invoices:manage');
    // A trial that just ended finds its invoice waiting (issued at once, not at the daily job).
    if (mayPay) await runPlatform(deps, (tx) => issueInvoices(tx, row.company.id));
    const token = mayPay ? billingToken(row.user.id) : '';
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', expiredMessage(row.company.dueDate), {
      extra: { dueDate: row.company.dueDate, ...(token ? { billingToken: token } : {}) },
    });
  }
  return openSession(deps, row.user);
}

wireMatches<{ token: string; user: Answer<typeof login>['user'] }, LoginAnswer>(true);
