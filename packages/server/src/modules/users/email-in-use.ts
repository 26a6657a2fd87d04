import type { Ctx } from '../../platform/context.js';
import { limitDuplicateAnswers } from '../../platform/duplicate-probes.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';

const isEmailInUse = (err: unknown) => isUniqueViolation(err, 'users_email_key');

/**
 * A write of a user's email: emails are unique across companies (people sign in by email alone),
 * so one in use anywhere is 400 `email: duplicated`, and those answers count against the company's
 * limit (`platform/duplicate-probes.ts`). Without an email the write is run as is.
 */
export async function settingEmail<T>(ctx: Ctx, email: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return email === undefined ? await work() : await limitDuplicateAnswers(ctx, 'email', work, isEmailInUse);
  } catch (err) {
    if (isEmailInUse(err)) throw invalid({ email: 'duplicated' }, 'This email is in use');
    throw err;
  }
}
