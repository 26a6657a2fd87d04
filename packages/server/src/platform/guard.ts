import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission, type PlanFeature, type SuperPermission } from '@balcao/contracts';
import { AppError, noPermission } from './errors.js';
import { makeCtx, type Ctx, type Deps } from './context.js';
import { loadSession, subscriptionActive, type LoadedSession } from './session.js';
import { billingTokenUser, loadBillingSession } from './billing-access.js';

/**
 * Every route says who may call it in its `config`; one hook enforces it, before the body is
 * read. A route without `public: true` needs a live session. Deny on doubt.
 */
export interface RouteAccess {
  public?: boolean;
  permission?: Permission | SuperPermission;
  feature?: PlanFeature;
  /** Reachable while the subscription is expired (paying, reading one's own session). */
  allowExpired?: boolean;
  /** Also accepts the billing token of a refused login (platform/billing-access.ts): the billing routes. */
  billingToken?: boolean;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    ctx: Ctx;
    session: LoadedSession;
  }
}

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Who may call a route, in words: `public`, `signed-in`, or the permission (plus plan feature, expiry). */
export function describeAccess(access: RouteAccess | undefined): string {
  if (access?.public) return 'public';
  const words: string[] = [access?.permission ?? 'signed-in'];
  if (access?.feature) words.push(`feature:${access.feature}`);
  if (access?.allowExpired) words.push('allowExpired');
  if (access?.billingToken) words.push('billingToken');
  return words.join(' ');
}

export function registerGuard(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('session', null as unknown as LoadedSession);
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config as RouteAccess | undefined;
    if (!req.routeOptions.url || access?.public) return; // unknown routes fall through to 404
    const session = await authenticate(app, deps, req, access?.billingToken === true);
    if (!access?.allowExpired && !subscriptionActive(session)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', expiredMessage(session.company.dueDate));
    }
    if (access?.permission && !can(session.user, access.permission)) throw noPermission();
    if (access?.feature && !session.plan[access.feature]) {
      throw noPermission(`Your plan does not include this feature (${access.feature})`);
    }
    req.session = session;
    req.ctx = makeCtx(deps, {
      userId: session.user.id,
      companyId: session.user.companyId,
      profile: session.user.profile,
      super: session.user.super,
      sessionId: session.sessionId,
    });
  });
}

async function authenticate(
  app: FastifyInstance,
  deps: Deps,
  req: FastifyRequest,
  acceptBilling: boolean,
): Promise<LoadedSession> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing access token', { status: 401 });
  const billingUser = acceptBilling ? billingTokenUser(app, token) : null;
  if (billingUser !== null) {
    const user = await loadBillingSession(deps.pools.platformDb, billingUser);
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 'This user no longer exists', { status: 401 });
    return user;
  }
  const claims = verifyAccessToken(app, token);
  const session = await loadSession(deps.pools.platformDb, claims.sid, Number(claims.sub));
  if (!session) throw new AppError('ERR_SESSION_EXPIRED', 'This session has ended', { status: 401 });
  return session;
}

/** An expired or malformed access token answers 403: the web refreshes once and retries. */
export function verifyAccessToken(app: FastifyInstance, token: string): AccessClaims {
  try {
    const claims = app.jwt.verify<AccessClaims>(token);
    if (typeof claims.sid !== 'string' || !/^\d+$/.test(String(claims.sub))) throw new Error('bad claims');
    return claims;
  } catch {
    throw new AppError('ERR_SESSION_EXPIRED', 'Access token expired or invalid');
  }
}

/** The refusal's text, the due day written as Brazilians do (DD/MM/YYYY), read as a day, not an instant. */
export function expiredMessage(dueDate: string | null): string {
  const when = dueDate ? dueDate.slice(0, 10).split('-').reverse().join('/') : '';
  return `Sua assinatura expirou em ${when}. Entre em contato com o suporte.`;
}
