/**
 * The cached pages of a paged list (`GET /<domain>?searchParam=&pageNumber=` → `{<rows>, hasMore,
 * count?}`) changed in place: one row patched, put first or taken out. Pure; each returns the
 * same object when nothing changes, and leaves data of another shape alone (a bare array cached
 * under a neighbouring key).
 */
import type { InfiniteData } from '@tanstack/react-query';

export interface Identified {
  id: number;
}

/** One page: the rows under the domain's key (`tags`, `contacts`, `records`…), `hasMore`, maybe `count`. */
export type ListPage<Row, K extends string> = { [P in K]: Row[] } & { hasMore: boolean; count?: number };

export type ListPages<Row, K extends string> = InfiniteData<ListPage<Row, K>, number>;

const isPaged = <Row, K extends string>(data: ListPages<Row, K> | undefined): data is ListPages<Row, K> =>
  Array.isArray(data?.pages);

const withRows = <Row, K extends string>(page: ListPage<Row, K>, key: K, rows: Row[]): ListPage<Row, K> =>
  ({ ...page, [key]: rows }) as ListPage<Row, K>;

export function holdsRow<Row extends Identified, K extends string>(
  data: ListPages<Row, K> | undefined,
  key: K,
  id: number,
): boolean {
  return isPaged(data) && data.pages.some((p) => p[key].some((r) => r.id === id));
}

/** Merges `row` into the copy the pages hold; pages without it stay as they are. */
export function patchRow<Row extends Identified, K extends string>(
  data: ListPages<Row, K> | undefined,
  key: K,
  row: Row,
): ListPages<Row, K> | undefined {
  if (!isPaged(data) || !holdsRow(data, key, row.id)) return data;
  return {
    ...data,
    pages: data.pages.map((p) =>
      withRows(
        p,
        key,
        p[key].map((r) => (r.id === row.id ? { ...r, ...row } : r)),
      ),
    ),
  };
}

/** Patches the row where held, else puts it first on the first page. */
export function prependRow<Row extends Identified, K extends string>(
  data: ListPages<Row, K> | undefined,
  key: K,
  row: Row,
): ListPages<Row, K> | undefined {
  if (!isPaged(data)) return data;
  if (holdsRow(data, key, row.id)) return patchRow(data, key, row);
  return { ...data, pages: data.pages.map((p, i) => (i === 0 ? withRows(p, key, [row, ...p[key]]) : p)) };
}

/** Takes the row out; a `count` the pages carry goes down by one. */
export function removeRow<Row extends Identified, K extends string>(
  data: ListPages<Row, K> | undefined,
  key: K,
  id: number,
): ListPages<Row, K> | undefined {
  if (!isPaged(data) || !holdsRow(data, key, id)) return data;
  return {
    ...data,
    pages: data.pages.map((p) => {
      const page = withRows(
        p,
        key,
        p[key].filter((r) => r.id !== id),
      );
      return p.count === undefined ? page : { ...page, count: Math.max(0, p.count - 1) };
    }),
  };
}
