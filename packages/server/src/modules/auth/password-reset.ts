import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_TTL_MINUTES,
  type ForgetPasswordAnswer,
  type ResetPasswordAnswer,
  type ResetPasswordParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { authSessions, passwordResets, users } from '../../db/schema/index.js';
import { AppError, invalid } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { limitFailures, takeAttempt } from '../../platform/rate-events.js';
import { sendMailJobDef } from '../../platform/mail.js';
import { authEvents } from './auth-events.js';

const MAX_ATTEMPTS = 5;
const codeHash = (deps: Deps, userId: number, code: string) =>
  createHmac('sha256', deps.secrets.refresh).update(`${userId}:${code}`).digest('base64url');

/** Step 1: a 6-digit code, valid 30 minutes, mailed to the user. Every request counts, known email or not. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<ForgetPasswordAnswer> {
  const db = deps.pools.platformDb;
  const rules = [
    { kind: 'reset-request', key: `email:${email}`, max: 3, windowMinutes: 15 },
    { kind: 'reset-request', key: `ip:${ip}`, max: 10, windowMinutes: 15 },
  ];
  await takeAttempt(db, rules);
  const [user] = await db
    .select({ id: users.id, name: users.name, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new AppError('ERR_USER_DONT_EXISTS', 'No user with this email');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await runPlatform(deps, async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      codeHash: codeHash(deps, user.id, code),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
  });
  await deps.jobs.send(sendMailJobDef, {
    companyId: user.companyId,
    to: email,
    subject: 'Balcão: código para redefinir sua senha',
    text:
      `Olá ${user.name},\n\nSeu código para redefinir a senha é ${code}.\n` +
      `Ele vale ${PASSWORD_RESET_TTL_MINUTES} minutos e só pode ser usado uma vez.\n\n` +
      `Se você não pediu, ignore este e-mail.`,
  });
  return { message: 'sent' };
}

/**
 * Step 2: the code works once; a wrong code counts, five wrong codes kill it. Wrong codes count
 * on the address too (`limitFailures`): a right one is never counted.
 */
export async function resetPassword(deps: Deps, input: ResetPasswordParams, ip: string): Promise<ResetPasswordAnswer> {
  const db = deps.pools.platformDb;
  const ipRule = { kind: 'reset-fail', key: `ip:${ip}`, max: 20, windowMinutes: 15 };
  await limitFailures(db, [ipRule], async () => {
    const ok = await checkCodeAndReset(deps, input);
    if (!ok) throw invalid({ token: 'invalidCode' }, 'The code is wrong or has expired');
  });
  return { message: 'updated' };
}

/** Whether the code was right (then the password is changed and the user's sessions end); a wrong one counts on the code. */
async function checkCodeAndReset(deps: Deps, input: ResetPasswordParams): Promise<boolean> {
  const newHash = await hashPassword(input.newPassword);
  return runPlatform(deps, async (tx, events) => {
    const [row] = await tx
      .select({ reset: passwordResets, companyId: users.companyId })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(users.email, input.email), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .orderBy(desc(passwordResets.id))
      .for('update', { of: passwordResets })
      .limit(1);
    if (!row) return false;
    if (row.reset.codeHash !== codeHash(deps, row.reset.userId, input.token)) {
      await tx
        .update(passwordResets)
        .set({
          attempts: sql`${passwordResets.attempts} + 1`,
          usedAt: row.reset.attempts + 1 >= MAX_ATTEMPTS ? new Date() : null,
        })
        .where(eq(passwordResets.id, row.reset.id));
      return false;
    }
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, row.reset.id));
    await tx.update(users).set({ passwordHash: newHash, updatedAt: new Date() }).where(eq(users.id, row.reset.userId));
    const ended = await tx
      .update(authSessions)
      .set({ endedAt: new Date(), endedReason: 'password-reset' })
      .where(and(eq(authSessions.userId, row.reset.userId), isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id });
    const endedIds = ended.map((e) => e.id);
    events.push(...authEvents.sessionsEnded(row.companyId, row.reset.userId, endedIds, 'password-reset'));
    return true;
  });
}
