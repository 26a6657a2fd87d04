import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import { useTranslation } from 'react-i18next';
import type { AttendanceReport } from '@balcao/contracts';
import { formatSeconds } from './attendanceFilter';

function TotalCard({
  testId,
  icon,
  title,
  definition,
  lines,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  definition: string;
  lines: Array<{ label: string; value: string | undefined; testId: string }>;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        <Box aria-hidden sx={{ display: 'flex' }}>
          {icon}
        </Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {title}
        </Typography>
      </Box>
      <Box component="dl" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', my: 1 }}>
        {lines.map((l) => (
          <Box key={l.testId}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {l.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }} data-testid={l.testId}>
              {l.value ?? <Skeleton width={64} />}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {definition}
      </Typography>
    </Paper>
  );
}

/** First response and resolution (p50, p90, how many) and CSAT (average of 1–3, how many). */
export function AttendanceTotals({ report }: { report: AttendanceReport | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const durations = (key: 'firstResponse' | 'resolution') => {
    const f = report?.[key];
    return [
      { label: t('attendance.p50'), value: f && formatSeconds(f.p50Seconds), testId: `${key}-p50` },
      { label: t('attendance.p90'), value: f && formatSeconds(f.p90Seconds), testId: `${key}-p90` },
      { label: t('attendance.count'), value: f && number.format(f.count), testId: `${key}-count` },
    ];
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <TotalCard
        testId="attendance-firstResponse"
        icon={<ReplyIcon />}
        title={t('attendance.firstResponse')}
        definition={t('attendance.definitions.firstResponse')}
        lines={durations('firstResponse')}
      />
      <TotalCard
        testId="attendance-resolution"
        icon={<DoneAllIcon />}
        title={t('attendance.resolution')}
        definition={t('attendance.definitions.resolution')}
        lines={durations('resolution')}
      />
      <TotalCard
        testId="attendance-csat"
        icon={<StarIcon />}
        title={t('attendance.csat')}
        definition={t('attendance.definitions.csat')}
        lines={[
          {
            label: t('attendance.average'),
            value: report && (report.csat.average === null ? '—' : `${number.format(report.csat.average)} / 3`),
            testId: 'csat-average',
          },
          { label: t('attendance.count'), value: report && number.format(report.csat.count), testId: 'csat-count' },
        ]}
      />
    </Box>
  );
}
