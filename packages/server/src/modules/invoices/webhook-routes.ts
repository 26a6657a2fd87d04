import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { asaasWebhookBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { settlePayment } from './settle-payment.js';
import { ASAAS_TOKEN_HEADER, checkAsaasToken } from './webhook-token.js';

/**
 * `POST /api/webhooks/asaas`: Asaas' events, public (Asaas has no session). The token in
 * `asaas-access-token` is checked before the body is read (webhook-token.ts: 401, nothing
 * changes). A verified event is answered 200 whatever it was — one that pays nothing, or a
 * payment of no invoice (logged) — so Asaas stops delivering it; settling is idempotent
 * (settle-payment.ts).
 */
export const asaasWebhookRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const verify = async (req: FastifyRequest) =>
      checkAsaasToken(req.headers[ASAAS_TOKEN_HEADER], deps.config.ASAAS_WEBHOOK_TOKEN);
    app.post(
      '/',
      {
        schema: { body: asaasWebhookBody },
        config: { public: true, input: { signed: ASAAS_TOKEN_HEADER } },
        helmet: false,
        onRequest: verify,
      },
      async (req) => {
        const settled = await settlePayment(deps, req.body);
        if (settled.outcome === 'unknown-payment') {
          req.log.warn({ paymentId: settled.paymentId, event: req.body.event }, 'asaas webhook: payment of no invoice');
        } else if (settled.outcome === 'paid') {
          req.log.info(settled, 'asaas webhook: invoice paid');
        }
        return { received: true };
      },
    );
  };
