/**
 * The admin's dashboard at / (operations §2): the filter, six counters with their definitions,
 * the attendants table and two bar charts (their own chunk, loaded after the figures), CSV export.
 * Users never reach it: / sends them to their tickets (app/routing).
 */
import { lazy, Suspense, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { ErrorState } from '../../lib/ui/ErrorState';
import { ExportButton } from '../../lib/ui/ExportButton';
import { AttendantsTable } from './AttendantsTable';
import { CounterCards } from './CounterCards';
import { DashboardFilterBar } from './DashboardFilterBar';
import { fullDay, INITIAL_FILTER, isAskable, type DashboardFilter } from './dashboardFilter';
import { exportDashboard } from './exportDashboard';
import { useDashboard } from './useDashboard';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

export default function DashboardPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DashboardFilter>(INITIAL_FILTER);
  const dashboard = useDashboard(filter);
  const askable = isAskable(filter);
  const data = askable ? dashboard.data : undefined;

  return (
    <PageContainer
      title={t('dashboard.title')}
      actions={<ExportButton onExport={() => exportDashboard(filter)} disabled={!askable} testId="dashboard-export" />}
    >
      <DashboardFilterBar filter={filter} onChange={setFilter} />
      {data && (
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-period-shown">
          {t('dashboard.periodShown', { from: fullDay(data.period.from), to: fullDay(data.period.to) })}
        </Typography>
      )}
      {dashboard.isError && !dashboard.data ? (
        <ErrorState onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <CounterCards counters={data?.counters} />
          {data ? (
            <>
              <Suspense fallback={<PageLoader />}>
                <DashboardCharts period={data.period} />
              </Suspense>
              <AttendantsTable attendants={data.attendants} />
            </>
          ) : (
            askable && <PageLoader />
          )}
        </>
      )}
    </PageContainer>
  );
}
