/**
 * The attendance report at /reports (issue 36; those with `dashboard:view`): the range and
 * filters, the totals (first response and resolution p50/p90, CSAT), charts and tables per
 * attendant and per queue, and the CSV export of the same figures.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { ErrorState } from '../../lib/ui/ErrorState';
import { ExportButton } from '../../lib/ui/ExportButton';
import { AttendanceFilterBar } from './AttendanceFilterBar';
import { AttendanceTable } from './AttendanceTable';
import { AttendanceTotals } from './AttendanceTotals';
import { initialFilter, isAskable, type AttendanceFilter } from './attendanceFilter';
import { exportAttendance, useAttendanceReport } from './useAttendanceReport';

const AttendanceCharts = lazy(() => import('./AttendanceCharts'));

export default function AttendanceReportPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AttendanceFilter>(initialFilter);
  const report = useAttendanceReport(filter);
  const askable = isAskable(filter);
  const data = askable ? report.data : undefined;

  return (
    <PageContainer
      title={t('attendance.title')}
      actions={
        <ExportButton onExport={() => exportAttendance(filter)} disabled={!askable} testId="attendance-export" />
      }
    >
      <AttendanceFilterBar filter={filter} onChange={setFilter} />
      {report.isError && !report.data ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : (
        <>
          <AttendanceTotals report={data} />
          {data ? (
            <>
              <Suspense fallback={<PageLoader />}>
                <AttendanceCharts report={data} />
              </Suspense>
              <AttendanceTable
                title={t('attendance.byUser')}
                rows={data.byUser.map((u) => ({ ...u, key: `u${u.userId}`, testId: `attendance-user-${u.userId}` }))}
              />
              <AttendanceTable
                title={t('attendance.byQueue')}
                rows={data.byQueue.map((q) => ({
                  ...q,
                  key: `q${q.queueId}`,
                  testId: `attendance-queue-${q.queueId}`,
                }))}
              />
            </>
          ) : (
            askable && <PageLoader />
          )}
        </>
      )}
    </PageContainer>
  );
}
