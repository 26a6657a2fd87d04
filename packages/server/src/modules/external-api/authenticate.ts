import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { EXTERNAL_API_LIMITS } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { companies, plans, whatsapps } from '../../db/schema/index.js';
import { AppError, noPermission } from '../../platform/errors.js';
import { expiredMessage } from '../../platform/guard.js';
import { takeAttempt, type RateRule } from '../../platform/rate-events.js';

/** The connection a request's token names: the API acts as it, in its company. */
export interface ApiConnection {
  whatsappId: number;
  companyId: number;
}

/** The bearer of `Authorization: Bearer <token>`, or '' when there is none. */
export function bearerOf(req: FastifyRequest): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match ? match[1]!.trim() : '';
}

/** The rate-limit key of a request: its token (hashed, never kept in memory as is), else its address. */
export function rateKeyOf(req: FastifyRequest): string {
  const token = bearerOf(req);
  return token ? `token:${createHash('sha256').update(token).digest('base64url')}` : `ip:${req.ip}`;
}

const refused = (message: string) => new AppError('ERR_INVALID_CREDENTIALS', message, { status: 401 });

/**
 * Finds the connection of the bearer token (a connection whose token is empty is never
 * matched), and checks that its company may use the API: subscription active (402), plan with
 * `useExternalApi` (403). Each request takes a place under its address's limit of wrong tokens
 * before the lookup, and gives it back when the token is right (whatever the company's state): an
 * address that sent too many wrong tokens is refused (429), even many at once, so tokens cannot be
 * guessed.
 */
export async function authenticateConnection(deps: Deps, req: FastifyRequest): Promise<ApiConnection> {
  const token = bearerOf(req);
  if (!token) throw refused('Missing API token: send Authorization: Bearer <connection token>');
  const failures: RateRule = {
    kind: 'external-api-token',
    key: req.ip,
    max: EXTERNAL_API_LIMITS.failuresPerAddress,
    windowMinutes: EXTERNAL_API_LIMITS.failureWindowMinutes,
  };
  const attempt = await takeAttempt(deps.pools.platformDb, [failures]);
  // The token names its company: a platform read, the one place the API crosses tenants.
  const [found] = await deps.pools.platformDb
    .select({
      whatsappId: whatsapps.id,
      companyId: whatsapps.companyId,
      status: companies.status,
      dueDate: companies.dueDate,
      useExternalApi: plans.useExternalApi,
    })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(whatsapps.token, token), ne(whatsapps.token, '')))
    .limit(1);
  if (!found) throw refused('Invalid API token');
  await attempt.release();
  const active = found.status && (found.dueDate === null || found.dueDate.getTime() > Date.now());
  if (!active) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', expiredMessage(found.dueDate));
  if (!found.useExternalApi) throw noPermission('Your plan does not include the external API (useExternalApi)');
  return { whatsappId: found.whatsappId, companyId: found.companyId };
}
