import { z } from 'zod';
import type { ErrorBody } from '../errors.js';
import { email, strongPassword } from './common.js';
import type { Company } from './companies.js';
import type { User } from './users.js';

export const loginBody = z.object({
  email,
  password: z.string().min(1, 'required').max(200, 'tooLong'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Reset rule (foundation §5), signup's too. */
export const newPassword = strongPassword;

export const forgetPasswordParams = z.object({ email });
export const resetPasswordParams = z.object({
  email,
  token: z
    .string()
    .max(6)
    .regex(/^\d{6}$/, 'invalidCode'),
  newPassword,
});
export type ResetPasswordParams = z.infer<typeof resetPasswordParams>;

/**
 * The signed-in user as login, refresh and `GET /auth/me` show them: who they are, their queues,
 * and their company with its plan (feature flags) and the settings they may read.
 */
export interface SessionUser extends Omit<User, 'queueIds'> {
  lastSeenAt: string | null;
  company: Omit<Company, 'campaignsEnabled'>;
}

/** `POST /auth/login` and `POST /auth/refresh_token`. */
export interface LoginAnswer {
  token: string;
  user: SessionUser;
}

/**
 * ERR_SUBSCRIPTION_EXPIRED (402): the error's body; a refused login also names the company's due
 * date (other routes say it in the message only).
 */
export interface SubscriptionExpiredError extends ErrorBody {
  /** A calendar day (`YYYY-MM-DD`), as the company's `dueDate`. */
  dueDate?: string | null;
  /**
   * A refused login of a user who may pay (`invoices:manage`, the company not switched off): a
   * short-lived token accepted only by the billing routes (`GET /invoices/all`, `GET
   * /invoices/{id}`, `POST /subscription`), so the expired company can pay and sign in again.
   */
  billingToken?: string;
}

/** `POST /forgetpassword/{email}`: the code is mailed. */
export interface ForgetPasswordAnswer {
  message: 'sent';
}

/** `POST /resetpasswords/{email}/{token}/{newPassword}`: the password is changed, the sessions ended. */
export interface ResetPasswordAnswer {
  message: 'updated';
}
