import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS } from '@balcao/contracts';
import Typography from '@mui/material/Typography';
import { filterProblems, type DashboardFilter } from './dashboardFilter';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { ZoneNote } from '../../lib/ui/ZonedDateTimeField';

/**
 * The period (none, 3 … 90 days) or the date range (operations §9). Choosing a period clears the
 * dates; typing a date sets the period to none, so what is shown is always what is asked. Days
 * are the company's (their zone named beside them), as the server counts them.
 */
export function DashboardFilterBar({
  filter,
  onChange,
}: {
  filter: DashboardFilter;
  onChange: (f: DashboardFilter) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().company.timezone;
  const theme = useTheme();
  // The native date picker's icon and calendar follow the theme (else dark on dark).
  const dateSx = { '& input': { colorScheme: theme.palette.mode } };
  const problems = filterProblems(filter);
  const problem = (field: keyof typeof problems) => (problems[field] ? t(problems[field]) : undefined);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      data-testid="dashboard-filter"
    >
      <TextField
        select
        size="small"
        label={t('dashboard.filter.period')}
        value={filter.days === '' ? 'none' : String(filter.days)}
        onChange={(e) =>
          onChange(
            e.target.value === 'none' ? { ...filter, days: '' } : { days: Number(e.target.value), from: '', to: '' },
          )
        }
        error={Boolean(problems.days)}
        helperText={problem('days')}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-period' } as object } }}
      >
        <MenuItem value="none">{t('dashboard.filter.none')}</MenuItem>
        {DASHBOARD_PERIODS.map((d) => (
          <MenuItem key={d} value={String(d)} data-testid={`dashboard-period-${d}`}>
            {t('dashboard.filter.lastDays', { count: d })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.dateFrom')}
        value={filter.from}
        onChange={(e) => onChange({ ...filter, days: '', from: e.target.value })}
        error={filter.days === '' && Boolean(problems.date_from)}
        helperText={filter.days === '' ? problem('date_from') : undefined}
        sx={dateSx}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-date-from' } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.dateTo')}
        value={filter.to}
        onChange={(e) => onChange({ ...filter, days: '', to: e.target.value })}
        error={filter.days === '' && Boolean(problems.date_to)}
        helperText={filter.days === '' ? problem('date_to') : undefined}
        sx={dateSx}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-date-to' } }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
        <ZoneNote timeZone={timeZone} testId="dashboard-zone" />
      </Typography>
    </Stack>
  );
}
