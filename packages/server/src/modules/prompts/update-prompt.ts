import { eq } from 'drizzle-orm';
import type { Prompt, PromptUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { prompts, queues } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadPrompt, lockPrompt } from './prompt-view.js';
import { promptEvents } from './prompt-events.js';
import { keptKey } from './prompt-keys.js';

/**
 * `PUT /prompt/{id}`: the fields given change; a key sent back masked keeps the stored one (the
 * runtime keys its client by the key itself, so a new key takes effect at the next message).
 */
export function updatePrompt(ctx: Ctx, id: number, input: PromptUpdateBody) {
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx, events) => {
    const before = await lockPrompt(tx, id);
    await ownRows(tx, queues, [input.queueId], 'queueId');
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await tx
      .update(prompts)
      .set({
        ...given,
        apiKey: keptKey('apiKey', input.apiKey, before.apiKey) ?? before.apiKey,
        voiceKey: keptKey('voiceKey', input.voiceKey, before.voiceKey) ?? before.voiceKey,
        updatedAt: new Date(),
      })
      .where(eq(prompts.id, id));
    const prompt = await loadPrompt(tx, id);
    events.push(promptEvents.saved(companyId, 'update', prompt));
    return prompt;
  });
}

wireMatches<Answer<typeof updatePrompt>, Prompt>(true);
