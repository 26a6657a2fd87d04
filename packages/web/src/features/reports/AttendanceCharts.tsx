/**
 * The report's charts: per attendant and per queue, the median first response and resolution in
 * minutes, side by side. Its own chunk, like the dashboard's (recharts loads with the page).
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AttendanceReport } from '@balcao/contracts';
import { EmptyState } from '../../lib/ui/EmptyState';
import { ChartCard, useChartStyle } from '../../lib/ui/ChartCard';

type Row = AttendanceReport['byUser'][number] | AttendanceReport['byQueue'][number];

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

function MediansChart({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const data = rows.map((r) => ({
    name: r.name,
    firstResponse: minutes(r.firstResponseP50Seconds),
    resolution: minutes(r.resolutionP50Seconds),
  }));
  return (
    <ChartCard title={title} aside={t('attendance.charts.minutes')} testId={testId}>
      {data.length === 0 ? (
        <EmptyState text={t('attendance.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(220, data.length * 48 + 60)}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={style.grid} horizontal={false} />
            <XAxis type="number" tick={style.tick} stroke={style.grid} />
            <YAxis type="category" dataKey="name" width={110} tick={style.tick} stroke={style.grid} />
            <Tooltip {...style.tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="firstResponse"
              name={t('attendance.charts.firstResponseP50')}
              fill={style.bar}
              radius={[0, 4, 4, 0]}
              isAnimationActive={style.animate}
            />
            <Bar
              dataKey="resolution"
              name={t('attendance.charts.resolutionP50')}
              fill={style.secondBar}
              radius={[0, 4, 4, 0]}
              isAnimationActive={style.animate}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export default function AttendanceCharts({ report }: { report: AttendanceReport }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <MediansChart title={t('attendance.charts.perUser')} rows={report.byUser} testId="attendance-chart-users" />
      <MediansChart title={t('attendance.charts.perQueue')} rows={report.byQueue} testId="attendance-chart-queues" />
    </Box>
  );
}
