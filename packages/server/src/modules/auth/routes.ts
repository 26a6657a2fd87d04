import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { loginBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { login } from './login.js';
import { refresh } from './refresh.js';
import { bearerSessionId, logout } from './logout.js';
import { currentUser } from './current-user.js';
import { REFRESH_COOKIE, SESSION_DAYS } from './tokens.js';
import { servedOverHttps } from '../../config.js';
import { signBillingToken } from '../../platform/billing-access.js';

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
      const s = await login(deps, { ...req.body, ip: req.ip }, (userId) => signBillingToken(app, userId));
      setRefreshCookie(reply, s.refreshToken);
      return { token: sign(s.user.id, s.sessionId), user: s.user };
    });

    app.post('/refresh_token', { config: { public: true, input: { none: true } } }, async (req, reply) => {
      const s = await refresh(deps, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, s.refreshToken);
      return { token: sign(s.user.id, s.sessionId), user: s.user };
    });

    app.delete('/logout', { config: { public: true } }, async (req, reply) => {
      await logout(deps, req.cookies[REFRESH_COOKIE], bearerSessionId(app, req.headers.authorization));
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return reply.status(204).send();
    });

    app.get('/me', { config: { allowExpired: true } }, (req) => currentUser(req.ctx));
  };
