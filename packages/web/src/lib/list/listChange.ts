/**
 * What a domain's realtime event means for its cached paged lists, and applying it. Kept apart
 * from the hook so the cache rules are tested without React.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Topic } from '@balcao/contracts';
import { holdsRow, patchRow, prependRow, removeRow, type Identified, type ListPages } from './pagedListCache';

export type ListChange<Row> = { type: 'upsert'; row: Row } | { type: 'remove'; id: number } | { type: 'reload' } | null;

/** A paged list of one domain: where it is read, cached and kept live. */
export interface PagedListSpec<Row extends Identified, K extends string> {
  /** Query-key prefix of the domain's paged lists (the params and the search follow it). */
  key: readonly unknown[];
  /** `GET {path}?searchParam=&pageNumber=` (pages from 1); a row is deleted by `DELETE {path}/{id}`. */
  path: string;
  /** The page's field that holds the rows. */
  rowsKey: K;
  /** The domain's realtime topic (`company-{id}-{topic}`) and what its events mean. */
  topic: Topic;
  read: (event: Record<string, unknown>) => ListChange<Row>;
  /**
   * A row no cached list holds yet: `prepend` puts it first in every list; `refetch` reads the
   * lists again (whether it matches a search, or is the viewer's to see, is the server's call).
   */
  newRows: 'prepend' | 'refetch';
}

/**
 * The usual payload: `{action, <rowField>: row}` for a created or changed row,
 * `{action: 'delete', <idField>: id}`, and `{action: 'reload'}` (many rows changed at once).
 */
export function readActionEvent<Row extends Identified>(rowField: string, idField: string) {
  return (event: Record<string, unknown>): ListChange<Row> => {
    const row = event[rowField] as Row | undefined;
    if (event.action === 'delete') {
      const id = Number(event[idField] ?? row?.id);
      return Number.isInteger(id) ? { type: 'remove', id } : null;
    }
    if (event.action === 'reload') return { type: 'reload' };
    return row && typeof row.id === 'number' ? { type: 'upsert', row } : null;
  };
}

export function applyListChange<Row extends Identified, K extends string>(
  qc: QueryClient,
  spec: Pick<PagedListSpec<Row, K>, 'key' | 'rowsKey' | 'newRows'>,
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
