import type { Prompt, PromptBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { prompts, queues } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadPrompt } from './prompt-view.js';
import { promptEvents } from './prompt-events.js';
import { keptKey } from './prompt-keys.js';

/** `POST /prompt` (201): its queue must be the company's (400 naming `queueId`). Admins hear it. */
export function createPrompt(ctx: Ctx, input: PromptBody) {
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx, events) => {
    await ownRows(tx, queues, [input.queueId], 'queueId');
    const [row] = await tx
      .insert(prompts)
      .values({
        ...input,
        apiKey: keptKey('apiKey', input.apiKey, undefined)!,
        voiceKey: keptKey('voiceKey', input.voiceKey, undefined)!,
        companyId,
      })
      .returning({ id: prompts.id });
    const prompt = await loadPrompt(tx, row!.id);
    events.push(promptEvents.saved(companyId, 'create', prompt));
    return prompt;
  });
}

wireMatches<Answer<typeof createPrompt>, Prompt>(true);
