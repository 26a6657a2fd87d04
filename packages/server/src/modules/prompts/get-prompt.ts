import type { Prompt } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadPrompt } from './prompt-view.js';

/** `GET /prompt/{id}`: one of the company's prompts (another company's is 404). */
export function getPrompt(ctx: Ctx, id: number) {
  return ctx.tenant((tx) => loadPrompt(tx, id));
}

wireMatches<Answer<typeof getPrompt>, Prompt>(true);
