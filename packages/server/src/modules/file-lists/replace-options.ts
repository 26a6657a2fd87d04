import { eq, inArray } from 'drizzle-orm';
import type { FileListOptionBody } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { fileListOptions } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { storedOptions } from './file-list-view.js';

/**
 * Makes a list's options the body's, in its order (the list is locked by the caller). An `id` must
 * be an option of this very list, once (another list's or company's: 400 on `options.{n}.id`); a
 * `path` other than the option's own is refused (400 on `options.{n}.path`): keys are the
 * storage's, never the caller's. Options left out are deleted. Everything is checked before the
 * first write. Answers the keys of the files no option holds any more, to remove after commit.
 */
export async function replaceOptions(
  tx: Tx,
  companyId: number,
  fileListId: number,
  options: FileListOptionBody[],
): Promise<string[]> {
  const stored = await storedOptions(tx, fileListId);
  const refused: Record<string, string> = {};
  const seen = new Set<number>();
  options.forEach((o, i) => {
    if (o.id !== undefined) {
      if (!stored.has(o.id)) refused[`options.${i}.id`] = 'notFound';
      else if (seen.has(o.id)) refused[`options.${i}.id`] = 'duplicate';
      seen.add(o.id);
    }
    const own = o.id === undefined ? null : (stored.get(o.id)?.path ?? null);
    if (typeof o.path === 'string' && o.path !== own) refused[`options.${i}.path`] = 'invalid';
  });
  if (Object.keys(refused).length > 0) throw invalid(refused, 'Invalid options');

  const orphans: string[] = [];
  const gone = [...stored.values()].filter((s) => !seen.has(s.id));
  for (const s of gone) if (s.path) orphans.push(s.path);
  if (gone.length > 0)
    await tx.delete(fileListOptions).where(
      inArray(
        fileListOptions.id,
        gone.map((s) => s.id),
      ),
    );

  const now = new Date();
  const added: Array<typeof fileListOptions.$inferInsert> = [];
  for (const [position, o] of options.entries()) {
    if (o.id === undefined) {
      added.push({ companyId, fileListId, position, name: o.name });
      continue;
    }
    const before = stored.get(o.id)!;
    const drop = o.path === null && before.path !== null;
    if (drop) orphans.push(before.path!);
    if (!drop && before.name === o.name && before.position === position) continue;
    await tx
      .update(fileListOptions)
      .set({
        name: o.name,
        position,
        ...(drop && { path: null, mediaType: null, fileName: null }),
        updatedAt: now,
      })
      .where(eq(fileListOptions.id, o.id));
  }
  if (added.length > 0) await tx.insert(fileListOptions).values(added);
  return orphans;
}
