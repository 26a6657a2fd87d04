import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { EXTERNAL_API_LIMITS } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { companies, plans, whatsapps } from '../../db/schema/index.js';
import { AppError, noPermission } from '../../platform/errors.js';
import { expiredMessage } from '../../platform/guard.js';
import { companyActive } from '../../platform/subscription.js';
import { limitFailures, takeAttempt, type RateRule } from '../../platform/rate-events.js';

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

const refused = (message: string) => new AppError('ERR_INVALID_CREDENTIALS', message, { status: 401 });

/** The API's routes, each with its own requests-a-minute quota per token. */
export type ApiUse = 'send' | 'media';

/**
 * Finds the connection of the bearer token (a connection whose token is empty is never
 * matched), and checks that its company may use the API: subscription active (402), plan with
 * `useExternalApi` (403). Wrong tokens count per address (`limitFailures`: each request holds a
 * place while its token is looked up and gives it back when the token is right, whatever the
 * company's state): an address that sent too many is refused (429), even many at once, so tokens
 * cannot be guessed, while right tokens sent at once only wait for their turn. Then the token's
 * quota of requests a minute for this use: a request it refuses (429) spends none of it, nor does
 * one refused before it.
 */
export async function authenticateConnection(deps: Deps, req: FastifyRequest, use: ApiUse): Promise<ApiConnection> {
  const token = bearerOf(req);
  if (!token) throw refused('Missing API token: send Authorization: Bearer <connection token>');
  const db = deps.pools.platformDb;
  const failures: RateRule = {
    kind: 'external-api-token',
    key: req.ip,
    max: EXTERNAL_API_LIMITS.failuresPerAddress,
    windowMinutes: EXTERNAL_API_LIMITS.failureWindowMinutes,
  };
  const found = await limitFailures(db, [failures], async () => {
    // The token names its company: a platform read, the one place the API crosses tenants.
    const [row] = await db
      .select({
        whatsappId: whatsapps.id,
        companyId: whatsapps.companyId,
        status: companies.status,
        dueDate: companies.dueDate,
        timezone: companies.timezone,
        useExternalApi: plans.useExternalApi,
      })
      .from(whatsapps)
      .innerJoin(companies, eq(companies.id, whatsapps.companyId))
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(and(eq(whatsapps.token, token), ne(whatsapps.token, '')))
      .limit(1);
    if (!row) throw refused('Invalid API token');
    return row;
  });
  if (!companyActive(found)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', expiredMessage(found.dueDate));
  if (!found.useExternalApi) throw noPermission('Your plan does not include the external API (useExternalApi)');
  // Per connection, so per token: a new token starts no new quota within the minute.
  await takeAttempt(db, [
    { kind: `external-api-${use}`, key: `whatsapp:${found.whatsappId}`, max: EXTERNAL_API_LIMITS.perMinute, windowMinutes: 1 },
  ]);
  return { whatsappId: found.whatsappId, companyId: found.companyId };
}
