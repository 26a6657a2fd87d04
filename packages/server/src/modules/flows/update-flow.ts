import { eq } from 'drizzle-orm';
import type { Flow, FlowUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowColumns } from './flow-view.js';

/**
 * `PUT /flowbuilder {flowId, name, active?}`: renames it, and switches it on or off when `active`
 * is given. `flowId` names the flow acted on: another company's answers 404, as in a path.
 */
export function updateFlow(ctx: Ctx, input: FlowUpdateBody) {
  return ctx.tenant(async (tx) => {
    const [row] = await tx
      .update(flows)
      .set({ name: input.name, ...(input.active !== undefined && { active: input.active }), updatedAt: new Date() })
      .where(eq(flows.id, input.flowId))
      .returning(flowColumns);
    if (!row) throw notFound('flow');
    return row;
  });
}

wireMatches<Answer<typeof updateFlow>, Flow>(true);
