import type { ContactListItem } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadContactListItem } from './contact-list-view.js';

/** `GET /contact-list-items/{id}`: one item of the company (another company's answers 404). */
export async function getContactListItem(ctx: Ctx, id: number) {
  const item = await ctx.tenant((tx) => loadContactListItem(tx, id));
  if (!item) throw notFound('contact list item');
  return item;
}

wireMatches<Answer<typeof getContactListItem>, ContactListItem>(true);
