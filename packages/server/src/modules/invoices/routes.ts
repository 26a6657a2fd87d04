import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicesQuery, rowParams, subscriptionBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listInvoices } from './list-invoices.js';
import { getInvoice } from './get-invoice.js';
import { checkout } from './checkout.js';

const params = rowParams('invoices');
/**
 * Who pays: the company's admins (`invoices:manage`). The billing routes stay reachable while the
 * subscription is expired — paying is how it stops being so — and also take the billing token of
 * a refused login (an expired company's admin has no session: platform/billing-access.ts).
 */
const config = { permission: 'invoices:manage', allowExpired: true, billingToken: true } as const;

/** `/invoices`: the company's invoices (issued at signup and by the daily job, jobs.ts). */
export const invoiceRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/all', { schema: { querystring: invoicesQuery }, config }, (req) => listInvoices(req.ctx, req.query));

    app.get('/:id', { schema: { params }, config }, (req) => getInvoice(req.ctx, req.params.id));
  };

/** `/subscription`: the checkout, a PIX charge of an open invoice. */
export const subscriptionRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/', { schema: { body: subscriptionBody }, config }, (req) => checkout(req.ctx, req.body));
  };
