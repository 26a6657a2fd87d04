import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { prompts } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { holderUsers } from '../queues/holder-refs.js';
import { promptEvents } from './prompt-events.js';

/**
 * `DELETE /prompt/{id}`. The queues and connections that used it are left without one, and
 * tickets it held go to attendants (the foreign keys set null): their lists hear the change.
 * Answers 200 `{message}`, where the house's deletes answer 204: the spec's prompts page shows
 * the answer's message as an info toast.
 */
export async function deletePrompt(ctx: Ctx, id: number): Promise<{ message: string }> {
  const { companyId } = ctx.actor;
  await ctx.tenant(async (tx, events) => {
    const users = await holderUsers(ctx, tx, 'promptId', id);
    const gone = await tx.delete(prompts).where(eq(prompts.id, id)).returning({ id: prompts.id });
    if (gone.length === 0) throw notFound('prompt');
    events.push(promptEvents.deleted(companyId, id));
    await users.announce(events);
  });
  return { message: 'Prompt deleted' };
}
