import { api } from '../api';

/**
 * Every row of a paged list (`{[rowsKey]: rows, hasMore}`), for a picker over a domain whose rows
 * are few (flows, file lists, prompts, integrations): up to `maxPages` pages of 20, read in turn.
 */
export async function readAllPages<Row, K extends string>(
  path: string,
  rowsKey: K,
  signal?: AbortSignal,
  maxPages = 10,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber++) {
    const page = await api.get<Record<K, Row[]> & { hasMore: boolean }>(path, { pageNumber }, { signal });
    rows.push(...page[rowsKey]);
    if (!page.hasMore) break;
  }
  return rows;
}
