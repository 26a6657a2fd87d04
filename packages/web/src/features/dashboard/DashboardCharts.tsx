/**
 * The two bar charts (operations §2): tickets per attendant (their closures in the period) and
 * tickets per day (arrivals; per hour when the period is one day). Its own chunk: recharts is
 * loaded only once an admin opens the dashboard, never with the login page.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard, TicketsPerDayRow } from '@balcao/contracts';
import { EmptyState } from '../../lib/ui/EmptyState';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { ChartCard, useChartStyle } from '../../lib/ui/ChartCard';
import { shortDay } from './dashboardFilter';
import { useTicketsPerDay, useTicketsPerUser } from './useDashboard';

function useTotal() {
  const { t } = useTranslation();
  return (count: number | undefined) => (count === undefined ? undefined : t('dashboard.charts.total', { count }));
}

function TicketsPerUserChart({ period }: { period: Dashboard['period'] }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const chart = useTicketsPerUser(period);
  const total = useTotal();
  const rows = chart.data?.data ?? [];
  return (
    <ChartCard title={t('dashboard.charts.perUser')} aside={total(chart.data?.count)} testId="chart-users">
      {chart.isPending ? (
        <PageLoader />
      ) : chart.isError && !chart.data ? (
        <ErrorState onRetry={() => void chart.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('dashboard.charts.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(200, rows.length * 36 + 40)}>
          <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={style.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={style.tick} stroke={style.grid} />
            <YAxis type="category" dataKey="nome" width={110} tick={style.tick} stroke={style.grid} />
            <Tooltip {...style.tooltip} />
            <Bar
              dataKey="quantidade"
              name={t('dashboard.charts.tickets')}
              fill={style.bar}
              radius={[0, 4, 4, 0]}
              isAnimationActive={style.animate}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

const label = (row: TicketsPerDayRow) => ('horario' in row ? row.horario : shortDay(row.data));

function TicketsPerDayChart({ period }: { period: Dashboard['period'] }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const chart = useTicketsPerDay(period);
  const total = useTotal();
  const rows = (chart.data?.data ?? []).map((r) => ({ label: label(r), total: r.total }));
  return (
    <ChartCard
      title={t(period.from === period.to ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')}
      aside={total(chart.data?.count)}
      testId="chart-days"
    >
      {chart.isPending ? (
        <PageLoader />
      ) : chart.isError && !chart.data ? (
        <ErrorState onRetry={() => void chart.refetch()} />
      ) : chart.data?.count === 0 ? (
        <EmptyState text={t('dashboard.charts.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={rows} margin={{ left: -16, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={style.grid} vertical={false} />
            <XAxis dataKey="label" tick={style.tick} stroke={style.grid} minTickGap={8} />
            <YAxis allowDecimals={false} tick={style.tick} stroke={style.grid} />
            <Tooltip {...style.tooltip} />
            <Bar
              dataKey="total"
              name={t('dashboard.charts.tickets')}
              fill={style.bar}
              radius={[4, 4, 0, 0]}
              isAnimationActive={style.animate}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export default function DashboardCharts({ period }: { period: Dashboard['period'] }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <TicketsPerUserChart period={period} />
      <TicketsPerDayChart period={period} />
    </Box>
  );
}
