/**
 * The one paged live list (operations §9): a search (trimmed, lower-cased, debounced), pages
 * read on demand while `hasMore`, the domain's realtime events applied to every cached list, and
 * the delete that takes a row out of them. A domain declares a `PagedListSpec`; its page gets
 * what `InfiniteTable` takes as `list.table`.
 */
import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Topic } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api } from '../api';
import type { TableRows } from '../ui/InfiniteTable';
import { useDebounce } from '../useDebounce';
import { applyListChange, type ListTarget, type PagedListSpec, type RowOf } from './listChange';
import type { Identified, ListPage } from './pagedListCache';

type Params = Record<string, string | number>;

export function usePagedList<Page extends ListPage<Identified, K>, K extends string, T extends Topic>(
  spec: PagedListSpec<Page, K, T>,
  /** Fixed filters sent with every page (e.g. `userId`). */
  params: Params = {},
) {
  useLiveList(spec);
  return usePagedRows<Page, K>(spec, params);
}

/**
 * The same paged list without realtime events, for a domain that has no topic: its page reads
 * the lists again after its own changes (`invalidateQueries` on `spec.key`).
 */
export function usePagedRows<Page extends ListPage<Identified, K>, K extends string>(
  spec: Pick<ListTarget<K>, 'key' | 'rowsKey'> & {
    path: string;
    /** For a route that answers a bare array: the page it makes of one. */
    toPage?: (rows: never) => Page;
  },
  params: Params = {},
) {
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search.trim().toLowerCase());
  const query = useInfiniteQuery({
    queryKey: [...spec.key, params, searchParam],
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.get<never>(spec.path, { ...params, searchParam, pageNumber: pageParam }, { signal });
      return spec.toPage ? spec.toPage(answer) : (answer as Page);
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const { data, refetch, fetchNextPage } = query;
  const rows = useMemo((): RowOf<Page, K>[] => data?.pages.flatMap((p) => p[spec.rowsKey]) ?? [], [data, spec.rowsKey]);
  const table: TableRows<RowOf<Page, K>> = {
    rows,
    loading: query.isLoading || query.isFetchingNextPage,
    failed: query.isError && !data,
    onRetry: () => void refetch(),
    hasMore: query.hasNextPage,
    onLoadMore: () => void fetchNextPage(),
    moreFailed: query.isFetchNextPageError,
  };
  return {
    /** What the search field shows (the query follows it trimmed, lower-cased, 500 ms later). */
    search,
    setSearch,
    /** The total the first page announces, for lists that send one. */
    count: data?.pages[0]?.count,
    table,
    query,
  };
}

/** Applies `company-{id}-{topic}` to every cached list of the domain while mounted. */
export function useLiveList<Page extends ListPage<Identified, K>, K extends string, T extends Topic>(
  spec: PagedListSpec<Page, K, T>,
) {
  const qc = useQueryClient();
  useCompanyEvent(spec.topic, (event) => applyListChange(qc, spec, spec.read(event)));
}

/** `DELETE {path}/{id}`, then the row leaves every cached list at once (its event follows). */
export function useDeleteRow<K extends string>(
  spec: ListTarget<K> & { path: string },
  onDeleted?: (qc: QueryClient, id: number) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${spec.path}/${id}`),
    onSuccess: (_r, id) => {
      applyListChange(qc, spec, { type: 'remove', id });
      onDeleted?.(qc, id);
    },
  });
}
