import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SANDBOX_MAX_MEDIA_BYTES,
  sandboxCustomerBody,
  sandboxMediaParams,
  sandboxMessageBody,
  sandboxNumberParams,
  sandboxParams,
  sandboxScanBody,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import type { EventsFor } from '../channel.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import {
  conversation,
  customerSends,
  listCustomers,
  markRead,
  mediaOf,
  sandboxState,
  saveCustomer,
  scanQr,
} from './simulator.js';

/** Admins only: the simulator plays customers of the company's sandbox connections. */
const ADMIN = { permission: 'connections-page:editOrDeleteConnection' } as const;

/** Base64 grows a file by 4/3; room for the JSON around it. */
const MESSAGE_BODY_LIMIT = Math.ceil((SANDBOX_MAX_MEDIA_BYTES * 4) / 3) + 64 * 1024;

/** `/api/sandbox/{whatsappId}/…`: the sandbox provider's simulated phones, reporting through `eventsFor`. */
export const sandboxRoutes =
  (_deps: Deps, eventsFor: EventsFor): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/:whatsappId', { schema: { params: sandboxParams }, config: ADMIN }, (req) =>
      sandboxState(req.ctx, req.params.whatsappId),
    );

    app.post(
      '/:whatsappId/scan',
      { schema: { params: sandboxParams, body: sandboxScanBody }, config: ADMIN },
      async (req, reply) => reply.status(202).send(await scanQr(req.ctx, req.params.whatsappId, req.body.qrcode)),
    );

    app.get('/:whatsappId/customers', { schema: { params: sandboxParams }, config: ADMIN }, (req) =>
      listCustomers(req.ctx, req.params.whatsappId),
    );

    app.post(
      '/:whatsappId/customers',
      { schema: { params: sandboxParams, body: sandboxCustomerBody }, config: ADMIN },
      (req) => saveCustomer(req.ctx, req.params.whatsappId, req.body),
    );

    app.post(
      '/:whatsappId/messages',
      { schema: { params: sandboxParams, body: sandboxMessageBody }, config: ADMIN, bodyLimit: MESSAGE_BODY_LIMIT },
      async (req, reply) =>
        reply.status(201).send(await customerSends(req.ctx, eventsFor, req.params.whatsappId, req.body)),
    );

    app.get('/:whatsappId/conversations/:number', { schema: { params: sandboxNumberParams }, config: ADMIN }, (req) =>
      conversation(req.ctx, req.params.whatsappId, req.params.number),
    );

    app.post(
      '/:whatsappId/conversations/:number/read',
      { schema: { params: sandboxNumberParams }, config: { ...ADMIN, input: { none: true } } },
      (req) => markRead(req.ctx, eventsFor, req.params.whatsappId, req.params.number),
    );

    app.get(
      '/:whatsappId/media/:messageId',
      { schema: { params: sandboxMediaParams }, config: ADMIN },
      async (req, reply) => {
        return sendStoredFile(reply, await mediaOf(req.ctx, req.params.whatsappId, req.params.messageId));
      },
    );
  };
