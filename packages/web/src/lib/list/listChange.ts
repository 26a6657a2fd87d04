/**
 * What a domain's realtime event means for its cached paged lists, and applying it. Kept apart
 * from the hook so the cache rules are tested without React.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EventPayload, Topic } from '@balcao/contracts';
import {
  holdsRow,
  patchRow,
  prependRow,
  removeRow,
  type Identified,
  type ListPage,
  type ListPages,
} from './pagedListCache';

export type ListChange<Row> = { type: 'upsert'; row: Row } | { type: 'remove'; id: number } | { type: 'reload' } | null;

/** The rows of a paged answer `Page` (the contracts' `TagPage`, `ContactPage`…) held under `K`. */
export type RowOf<Page extends ListPage<Identified, K>, K extends string> = Page[K][number];

/** Where a change lands: the domain's cached lists, the rows' field, what a new row does. */
export interface ListTarget<K extends string> {
  /** Query-key prefix of the domain's paged lists (the params and the search follow it). */
  key: readonly unknown[];
  /** The page's field that holds the rows. */
  rowsKey: K;
  /**
   * A row no cached list holds yet: `prepend` puts it first in every list; `refetch` reads the
   * lists again (whether it matches a search, or is the viewer's to see, is the server's call).
   */
  newRows: 'prepend' | 'refetch';
}

/**
 * A paged list of one domain: where it is read, cached and kept live. `Page` is the contracts'
 * answer of `GET {path}`, `T` the domain's realtime topic.
 */
export interface PagedListSpec<
  Page extends ListPage<Identified, K>,
  K extends string,
  T extends Topic,
> extends ListTarget<K> {
  /** `GET {path}?searchParam=&pageNumber=` (pages from 1); a row is deleted by `DELETE {path}/{id}`. */
  path: string;
  /** The domain's realtime topic (`company-{id}-{topic}`) and what its events mean. */
  topic: T;
  read: (event: EventPayload<T>) => ListChange<RowOf<Page, K>>;
}

export function applyListChange<Row extends Identified, K extends string>(
  qc: QueryClient,
  spec: ListTarget<K>,
  change: ListChange<Row>,
): void {
  if (!change) return;
  const { key, rowsKey } = spec;
  const update = (fn: (data: ListPages<Row, K> | undefined) => ListPages<Row, K> | undefined) =>
    qc.setQueriesData<ListPages<Row, K>>({ queryKey: key }, fn);
  if (change.type === 'remove') {
    update((data) => removeRow(data, rowsKey, change.id));
  } else if (change.type === 'reload') {
    void qc.invalidateQueries({ queryKey: key });
  } else if (spec.newRows === 'prepend') {
    update((data) => prependRow(data, rowsKey, change.row));
  } else if (
    qc.getQueriesData<ListPages<Row, K>>({ queryKey: key }).some(([, d]) => holdsRow(d, rowsKey, change.row.id))
  ) {
    update((data) => patchRow(data, rowsKey, change.row));
  } else {
    void qc.invalidateQueries({ queryKey: key });
  }
}
