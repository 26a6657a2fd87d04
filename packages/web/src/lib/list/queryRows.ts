import type { UseQueryResult } from '@tanstack/react-query';
import type { TableRows } from '../ui/InfiniteTable';

/** A list read whole (a bare array) as `InfiniteTable` takes it: no pages, nothing more to load. */
export function queryRows<T>(query: UseQueryResult<T[]>): TableRows<T> {
  return {
    rows: query.data ?? [],
    loading: query.isLoading,
    failed: query.isError && !query.data,
    onRetry: () => void query.refetch(),
  };
}
