import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { authSessions } from '../../db/schema/index.js';
import { verifyAccessToken } from '../../platform/guard.js';
import { login } from './login.js';
import { endSessionByToken, refresh } from './refresh.js';
import { REFRESH_COOKIE, SESSION_DAYS } from './tokens.js';
import { serializeSessionUser } from './serialize-user.js';
import { servedOverHttps } from '../../config.js';

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = servedOverHttps(deps.config);
    const setRefreshCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(REFRESH_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/api/auth',
        maxAge: SESSION_DAYS * 86_400,
      });
    const sign = (userId: number, sessionId: string) => app.jwt.sign({ sub: String(userId), sid: sessionId });

    app.post('/login', { schema: { body: loginBody }, config: { public: true } }, async (req, reply) => {
      const s = await login(deps, { ...req.body, ip: req.ip });
      setRefreshCookie(reply, s.refreshToken);
      return { token: sign(s.user.id, s.sessionId), user: s.user };
    });

    app.post('/refresh_token', { config: { public: true, input: { none: true } } }, async (req, reply) => {
      const s = await refresh(deps, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, s.refreshToken);
      return { token: sign(s.user.id, s.sessionId), user: s.user };
    });

    app.delete('/logout', { config: { public: true } }, async (req, reply) => {
      await endSessionByToken(deps, req.cookies[REFRESH_COOKIE]);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (bearer) {
        const claims = (() => {
          try {
            return verifyAccessToken(app, bearer);
          } catch {
            return null;
          }
        })();
        if (claims) {
          await runPlatform(deps, (tx) =>
            tx
              .update(authSessions)
              .set({ endedAt: new Date(), endedReason: 'logout' })
              .where(eq(authSessions.id, claims.sid)),
          );
        }
      }
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return reply.status(204).send();
    });

    app.get('/me', { config: { allowExpired: true } }, async (req) =>
      req.ctx.tenant((tx) => serializeSessionUser(tx, req.ctx.actor.userId)),
    );
  };
