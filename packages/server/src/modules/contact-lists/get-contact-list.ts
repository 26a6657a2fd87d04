import type { ContactList } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadContactList } from './contact-list-view.js';

/** `GET /contact-lists/{id}`: one list of the company (another company's answers 404). */
export async function getContactList(ctx: Ctx, id: number) {
  const list = await ctx.tenant((tx) => loadContactList(tx, id));
  if (!list) throw notFound('contact list');
  return list;
}

wireMatches<Answer<typeof getContactList>, ContactList>(true);
