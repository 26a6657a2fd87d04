import { eq } from 'drizzle-orm';
import type { QuickMessageBody, QuickMessageUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';
import { findEditable, pushQuickMessage, quickMessageColumns, toView } from './quick-message-view.js';

/** The unique index (company, user, shortcode) is the check: its violation names the field. */
async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'quick_messages_user_shortcode_key'))
      throw invalid({ shortcode: 'duplicated' }, 'You already have a quick message with this shortcode');
    throw err;
  }
}

/** `POST /quick-messages`: an answer of the caller's. */
export function createQuickMessage(ctx: Ctx, input: QuickMessageBody) {
  const { actor } = ctx;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const [row] = await tx
        .insert(quickMessages)
        .values({ companyId: actor.companyId, userId: actor.userId, ...input })
        .returning(quickMessageColumns);
      const record = toView(row!);
      pushQuickMessage(events, actor.companyId, 'create', record);
      return record;
    }),
  );
}

/**
 * `PUT /quick-messages/{id}` by its owner or an admin (the owner stays; the shortcode must stay
 * unique among the owner's answers). Only the fields given change.
 */
export function updateQuickMessage(ctx: Ctx, id: number, input: QuickMessageUpdateBody) {
  const { actor } = ctx;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const before = await findEditable(tx, actor, id);
      const [row] = await tx
        .update(quickMessages)
        .set({
          ...(input.shortcode !== undefined && { shortcode: input.shortcode }),
          ...(input.message !== undefined && { message: input.message }),
          ...(input.geral !== undefined && { geral: input.geral }),
          ...(input.status !== undefined && { status: input.status }),
          updatedAt: new Date(),
        })
        .where(eq(quickMessages.id, id))
        .returning(quickMessageColumns);
      const record = toView(row!);
      pushQuickMessage(events, actor.companyId, 'update', record, before);
      return record;
    }),
  );
}
