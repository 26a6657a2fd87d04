import { flowBody, type Flow, type FlowDuplicateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowColumns, loadFlowWithGraph } from './flow-view.js';

const SUFFIX = ' - cópia';
const NAME_MAX = flowBody.shape.name.maxLength ?? 50;

/** The copy's name: `<name> - cópia`, the name cut so the whole stays within a flow name's 50. */
export const copyName = (name: string) => `${name.slice(0, NAME_MAX - SUFFIX.length).trimEnd()}${SUFFIX}`;

/**
 * `POST /flowbuilder/duplicate {flowId}` → the copy: same graph (same node ids, same files: the
 * names are the company's and stay valid; an openai node's keys copied server-side, never
 * answered), same `active`, made by the caller. Another company's flow answers 404.
 */
export function duplicateFlow(ctx: Ctx, input: FlowDuplicateBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const source = await loadFlowWithGraph(tx, input.flowId);
    const [row] = await tx
      .insert(flows)
      .values({
        companyId: actor.companyId,
        userId: actor.userId,
        name: copyName(source.name),
        active: source.active,
        graph: source.graph,
      })
      .returning(flowColumns);
    return row!;
  });
}

wireMatches<Answer<typeof duplicateFlow>, Flow>(true);
