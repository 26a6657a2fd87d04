import type { Invoice } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadInvoice } from './invoice-view.js';

/** `GET /invoices/{id}`: one invoice of the caller's company (404 for another's). */
export function getInvoice(ctx: Ctx, id: number) {
  return ctx.tenant((tx) => loadInvoice(tx, id));
}

wireMatches<Answer<typeof getInvoice>, Invoice>(true);
