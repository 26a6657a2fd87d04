import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fileListOptions, fileLists } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/** What a sender needs of a list: its text, then each option's file in order. */
export interface FileListToSend {
  message: string;
  options: Array<{ name: string; path: string | null; mediaType: string | null; fileName: string | null }>;
}

/**
 * A list as campaigns send it, read in the caller's tenant transaction (404 when it is not the
 * company's). Messages point to the options' files by key: the list's row is held `for share`
 * until the caller commits, so an edit or delete of the list (which takes it `for update`) waits
 * and then sees those messages, and keeps the files they show (`unusedByMessages`).
 */
export async function readFileList(tx: Tx, fileListId: number): Promise<FileListToSend> {
  const [list] = await tx
    .select({ message: fileLists.message })
    .from(fileLists)
    .where(eq(fileLists.id, fileListId))
    .for('share');
  if (!list) throw notFound('file list');
  const options = await tx
    .select({
      name: fileListOptions.name,
      path: fileListOptions.path,
      mediaType: fileListOptions.mediaType,
      fileName: fileListOptions.fileName,
    })
    .from(fileListOptions)
    .where(eq(fileListOptions.fileListId, fileListId))
    .orderBy(asc(fileListOptions.position), asc(fileListOptions.id));
  return { message: list.message, options };
}
