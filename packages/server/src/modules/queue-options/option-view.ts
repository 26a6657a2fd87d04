import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queueOptions } from '../../db/schema/index.js';
import type { QueueOptionNode } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** A chatbot option as the API shows it; `parentId` null is the top level of its queue. */
export const optionColumns = {
  id: queueOptions.id,
  queueId: queueOptions.queueId,
  parentId: queueOptions.parentId,
  title: queueOptions.title,
  message: queueOptions.message,
  option: queueOptions.option,
  createdAt: queueOptions.createdAt,
  updatedAt: queueOptions.updatedAt,
};

export type OptionRow = { id: number; parentId: number | null; option: string } & Record<string, unknown>;
export type OptionNode<R extends OptionRow = OptionRow> = R & { children: OptionNode<R>[] };

/** The order the chatbot lists them in: by number ("2" before "10"), then by age. */
const byNumber = (a: OptionRow, b: OptionRow) => Number(a.option) - Number(b.option) || a.id - b.id;

/**
 * The options under `parentId`, each with its whole subtree as `children`. A queue's menu is
 * small, so it is read whole and nested here rather than one query per level.
 */
export function optionTree<R extends OptionRow>(rows: R[], parentId: number | null): OptionNode<R>[] {
  const byParent = new Map<number | null, R[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const seen = new Set<number>();
  const level = (parent: number | null): OptionNode<R>[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .sort(byNumber)
      .map((row) => ({ ...row, children: level(row.id) }));
  return level(parentId);
}

export const queueRows = (tx: Tx, queueId: number) =>
  tx.select(optionColumns).from(queueOptions).where(eq(queueOptions.queueId, queueId));

/** One option of the caller's company with its subtree, or undefined. */
export async function loadOption(tx: Tx, id: number) {
  const [option] = await tx.select(optionColumns).from(queueOptions).where(eq(queueOptions.id, id));
  if (!option) return undefined;
  return { ...option, children: optionTree(await queueRows(tx, option.queueId), option.id) };
}

wireMatches<NonNullable<Answer<typeof loadOption>>, QueueOptionNode>(true);
