import { asc, eq, inArray } from 'drizzle-orm';
import type { FileList } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { fileListOptions, fileLists } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

export const fileListColumns = {
  id: fileLists.id,
  name: fileLists.name,
  message: fileLists.message,
  userId: fileLists.userId,
  createdAt: fileLists.createdAt,
  updatedAt: fileLists.updatedAt,
};
type ListRow = Pick<typeof fileLists.$inferSelect, keyof typeof fileListColumns>;

/** The options of some lists, each list's in `position` order. */
async function optionsOf(tx: Tx, listIds: number[]) {
  if (listIds.length === 0) return new Map<number, FileListOptionView[]>();
  const rows = await tx
    .select()
    .from(fileListOptions)
    .where(inArray(fileListOptions.fileListId, listIds))
    .orderBy(asc(fileListOptions.position), asc(fileListOptions.id));
  const byList = new Map<number, FileListOptionView[]>();
  for (const o of rows) {
    const view = {
      id: o.id,
      name: o.name,
      path: o.path,
      mediaType: o.mediaType,
      file: o.fileName,
      // The authenticated route the web fetches the file from (with its access token).
      mediaUrl: o.path === null ? null : `/api/files/${o.fileListId}/options/${o.id}/media`,
    };
    byList.set(o.fileListId, [...(byList.get(o.fileListId) ?? []), view]);
  }
  return byList;
}
export interface FileListOptionView {
  id: number;
  name: string;
  path: string | null;
  mediaType: string | null;
  file: string | null;
  mediaUrl: string | null;
}

/** Lists as the API shows them: each with its options. */
export async function withOptions(tx: Tx, rows: ListRow[]) {
  const options = await optionsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, options: options.get(r.id) ?? [] }));
}
export type FileListView = Awaited<ReturnType<typeof withOptions>>[number];

/** One list of the caller's company (row-level security hides the others), else 404. */
export async function loadFileList(tx: Tx, id: number): Promise<FileListView> {
  const [row] = await tx.select(fileListColumns).from(fileLists).where(eq(fileLists.id, id));
  if (!row) throw notFound('file list');
  return (await withOptions(tx, [row]))[0]!;
}

/** The list, locked for a change (its options change under this lock only), else 404. */
export async function lockFileList(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: fileLists.id }).from(fileLists).where(eq(fileLists.id, id)).for('update');
  if (!row) throw notFound('file list');
}

/** The stored options of a list, by id (what a change compares the body with). */
export async function storedOptions(tx: Tx, fileListId: number) {
  const rows = await tx.select().from(fileListOptions).where(eq(fileListOptions.fileListId, fileListId));
  return new Map(rows.map((r) => [r.id, r]));
}

wireMatches<FileListView, FileList>(true);
