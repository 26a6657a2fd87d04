import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadContact } from './contact-view.js';
import type { Contact } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /contacts/{id}`: one contact of the company (another company's answers 404). */
export async function getContact(ctx: Ctx, id: number) {
  const contact = await ctx.tenant((tx) => loadContact(tx, id));
  if (!contact) throw notFound('contact');
  return contact;
}

wireMatches<Answer<typeof getContact>, Contact>(true);
