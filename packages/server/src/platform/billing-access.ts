import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { companies, plans, users } from '../db/schema/index.js';
import type { LoadedSession } from './session.js';

/**
 * The billing token: what a refused login (402, the subscription expired) hands a user who may
 * pay, so the expired company can pay its invoice and sign in again. It names only the user
 * (`sub`) and its scope; no session stands behind it. Routes accept it only when they say so
 * (`billingToken: true`, the billing routes); everywhere else — every other route, the socket —
 * it is refused like a malformed access token, since it has no session id.
 */
export const BILLING_SCOPE = 'billing';
export const BILLING_TOKEN_TTL_SECONDS = 30 * 60;

interface BillingClaims {
  sub: string;
  scope: typeof BILLING_SCOPE;
}

export const signBillingToken = (app: FastifyInstance, userId: number) =>
  app.jwt.sign({ sub: String(userId), scope: BILLING_SCOPE }, { expiresIn: BILLING_TOKEN_TTL_SECONDS });

/** The billing token's user id, or null when `token` is not a valid billing token. */
export function billingTokenUser(app: FastifyInstance, token: string): number | null {
  try {
    const claims = app.jwt.verify<Partial<BillingClaims> & { sid?: unknown }>(token);
    if (claims.scope !== BILLING_SCOPE || claims.sid !== undefined || !/^\d{1,10}$/.test(String(claims.sub)))
      return null;
    return Number(claims.sub);
  } catch {
    return null;
  }
}

/** The billing token's user with company and plan as they are now, shaped as a session (without one). */
export async function loadBillingSession(platformDb: Database, userId: number): Promise<LoadedSession | undefined> {
  const [row] = await platformDb
    .select({
      user: {
        id: users.id,
        companyId: users.companyId,
        profile: users.profile,
        super: users.super,
        name: users.name,
      },
      company: { id: companies.id, status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone },
      plan: plans,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { sessionId: `billing:${userId}`, ...row } : undefined;
}
