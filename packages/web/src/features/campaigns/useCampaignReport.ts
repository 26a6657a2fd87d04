import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CampaignDetail, CampaignFailurePage } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api } from '../../lib/api';
import { useLiveList } from '../../lib/list/usePagedList';
import type { TableRows } from '../../lib/ui/InfiniteTable';
import { campaignKey, campaignsList, useCampaign } from './useCampaigns';

/** automation §4: the report reads the campaign again this long after it is reported finished. */
const FINISHED_REFRESH_MS = 5_000;

const failuresKey = (id: number) => ['campaigns', 'failures', id] as const;

/**
 * One campaign's report: the campaign with its counts, patched live from `company-{id}-campaign`
 * (the event carries the counts), read again 5 s after a FINALIZADA update; its failures, read
 * again when the failed count moves. A deleted campaign sends the page back to the list. The
 * cached lists follow the events meanwhile, so the list shows the same state on the way back.
 */
export function useCampaignReport(id: number) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);
  useLiveList(campaignsList);

  useCompanyEvent('campaign', (e) => {
    if (e.action === 'delete') {
      if (e.id === id) void navigate('/campaigns', { replace: true });
      return;
    }
    if (e.record.id !== id) return;
    const before = qc.getQueryData<CampaignDetail>(campaignKey(id));
    qc.setQueryData<CampaignDetail>(campaignKey(id), e.record);
    if (before?.failed !== e.record.failed) void qc.invalidateQueries({ queryKey: failuresKey(id) });
    if (e.record.status === 'FINALIZADA') {
      clearTimeout(refresh.current);
      refresh.current = setTimeout(() => {
        void qc.invalidateQueries({ queryKey: campaignKey(id) });
        void qc.invalidateQueries({ queryKey: failuresKey(id) });
      }, FINISHED_REFRESH_MS);
    }
  });

  const failures = useInfiniteQuery({
    queryKey: failuresKey(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<CampaignFailurePage>(`/campaigns/${id}/failures`, { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const failureRows: TableRows<CampaignFailurePage['records'][number]> = {
    rows: failures.data?.pages.flatMap((p) => p.records) ?? [],
    loading: failures.isLoading || failures.isFetchingNextPage,
    failed: failures.isError && !failures.data,
    onRetry: () => void failures.refetch(),
    hasMore: failures.hasNextPage,
    onLoadMore: () => void failures.fetchNextPage(),
    moreFailed: failures.isFetchNextPageError,
  };
  return { campaign, failures: failureRows, failureCount: failures.data?.pages[0]?.count };
}
