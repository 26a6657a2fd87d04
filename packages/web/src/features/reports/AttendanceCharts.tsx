/**
 * The report's charts: per attendant and per queue, the median first response and resolution side
 * by side, in the unit that suits the largest (seconds, minutes or hours). Its own chunk, like the dashboard's (recharts loads with the page).
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AttendanceReport } from '@balcao/contracts';
import { EmptyState } from '../../lib/ui/EmptyState';
import { ChartCard, useChartStyle } from '../../lib/ui/ChartCard';

type Row = AttendanceReport['byUser'][number] | AttendanceReport['byQueue'][number];

const UNITS = [
  { key: 'hours', seconds: 3600, from: 2 * 3600 },
  { key: 'minutes', seconds: 60, from: 120 },
  { key: 'seconds', seconds: 1, from: 0 },
] as const;

/** The unit of the largest median, and each median in it (one decimal). */
function inUnit(rows: Row[]) {
  const max = Math.max(0, ...rows.flatMap((r) => [r.firstResponseP50Seconds ?? 0, r.resolutionP50Seconds ?? 0]));
  const unit = UNITS.find((u) => max >= u.from)!;
  const of = (s: number | null) => (s === null ? null : Math.round((s / unit.seconds) * 10) / 10);
  return {
    unit: unit.key,
    data: rows.map((r) => ({
      name: r.name,
      firstResponse: of(r.firstResponseP50Seconds),
      resolution: of(r.resolutionP50Seconds),
    })),
  };
}

function MediansChart({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const { unit, data } = inUnit(rows);
  return (
    <ChartCard title={title} aside={t(`attendance.charts.in.${unit}`)} testId={testId}>
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
