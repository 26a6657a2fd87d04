import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dashboard, DashboardChart, TicketsPerDayRow, TicketsPerUserRow } from '@balcao/contracts';
import { api } from '../../lib/api';
import { toastErrorText } from '../../lib/toast';
import { askedQuery, isAskable, type DashboardFilter } from './dashboardFilter';

/** `GET /dashboard` for the filter, asked only when the filter is complete (else the page says why). */
export function useDashboard(filter: DashboardFilter) {
  const query = askedQuery(filter);
  return useQuery({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', query, { signal }),
    enabled: isAskable(filter),
    placeholderData: keepPreviousData,
  });
}

type Period = Dashboard['period'];

/** One chart's rows over the period the counters cover; a failure says so with the spec's toast. */
function useChart<Row>(path: string, period: Period | undefined, failureKey: string) {
  const { t } = useTranslation();
  const chart = useQuery({
    queryKey: ['dashboard', path, period],
    queryFn: ({ signal }) =>
      api.get<DashboardChart<Row>>(path, { initialDate: period!.from, finalDate: period!.to }, { signal }),
    enabled: Boolean(period),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (chart.isError) toastErrorText(t(failureKey));
  }, [chart.isError, chart.errorUpdatedAt, t, failureKey]);
  return chart;
}

export const useTicketsPerUser = (period: Period | undefined) =>
  useChart<TicketsPerUserRow>('/dashboard/ticketsUsers', period, 'dashboard.toasts.userChartError');

export const useTicketsPerDay = (period: Period | undefined) =>
  useChart<TicketsPerDayRow>('/dashboard/ticketsDay', period, 'dashboard.toasts.dateChartError');
