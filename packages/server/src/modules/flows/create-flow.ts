import type { Flow, FlowBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowColumns } from './flow-view.js';

/** `POST /flowbuilder {name}`: an active flow with no graph yet (the editor draws it). */
export function createFlow(ctx: Ctx, input: FlowBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const [row] = await tx
      .insert(flows)
      .values({ companyId: actor.companyId, userId: actor.userId, name: input.name })
      .returning(flowColumns);
    return row!;
  });
}

wireMatches<Answer<typeof createFlow>, Flow>(true);
