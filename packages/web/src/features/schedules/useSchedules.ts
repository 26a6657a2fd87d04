import { useEffect } from 'react';
import type { SchedulePage } from '@balcao/contracts';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow, usePagedList } from '../../lib/list/usePagedList';

export const schedulesKey = ['schedules'] as const;

/**
 * `GET /schedules?searchParam=&pageNumber=` → `{schedules, count, hasMore}`, kept in step with
 * `company-{id}-schedule`: a known schedule is patched (its status as the sweep sends it), a
 * deleted one leaves, a new one reloads the lists (whether it matches the search is the server's).
 */
export const schedulesList: PagedListSpec<SchedulePage, 'schedules', 'schedule'> = {
  key: [...schedulesKey, 'paged'],
  path: '/schedules',
  rowsKey: 'schedules',
  topic: 'schedule',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.scheduleId } : { type: 'upsert', row: e.schedule }),
  newRows: 'refetch',
};

/** The calendar shows every schedule matching the search: the pages are read one after another. */
export function useAllSchedules() {
  const list = usePagedList(schedulesList);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list.query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return list;
}

export const useDeleteSchedule = () => useDeleteRow(schedulesList);
