import { asc, count, ilike } from 'drizzle-orm';
import type { FileListPage, FileListsQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { fileLists } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { fileListColumns, withOptions } from './file-list-view.js';

/** `GET /files` → `{files, count, hasMore}`: by name, 20 a page, each with its options. */
export function listFileLists(ctx: Ctx, q: FileListsQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(fileLists.name, likePattern(q.searchParam)) : undefined;
    const rows = await tx
      .select(fileListColumns)
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(fileLists).where(where);
    const { records, hasMore } = page(rows);
    return { files: await withOptions(tx, records), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listFileLists>, FileListPage>(true);
