import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetPasswordParams, resetPasswordParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

/** The spec's paths carry the email, code and password: the logger redacts these URLs. */
export const passwordRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/forgetpassword/:email',
      { schema: { params: forgetPasswordParams }, config: { public: true, input: { none: true } } },
      (req) => requestPasswordReset(deps, req.params.email, req.ip),
    );

    app.post(
      '/resetpasswords/:email/:token/:newPassword',
      { schema: { params: resetPasswordParams }, config: { public: true, input: { none: true } } },
      (req) => resetPassword(deps, req.params, req.ip),
    );
  };
