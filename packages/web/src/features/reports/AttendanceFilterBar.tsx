import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../tickets/useReferenceData';
import { fetchUsers } from '../tickets/ticketsApi';
import { filterProblems, type AttendanceFilter } from './attendanceFilter';

/** The range of days, the queue and the attendant; every change asks again. */
export function AttendanceFilterBar({
  filter,
  onChange,
}: {
  filter: AttendanceFilter;
  onChange: (f: AttendanceFilter) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { queues } = useQueues();
  const users = useQuery({ queryKey: ['users', 'list'], queryFn: fetchUsers });
  // The native date picker's icon and calendar follow the theme (else dark on dark).
  const dateSx = { '& input': { colorScheme: theme.palette.mode } };
  const problems = filterProblems(filter);
  const problem = (field: 'from' | 'to') => (problems[field] ? t(problems[field]) : undefined);
  const id = (value: string) => (value === '' ? '' : Number(value));
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      data-testid="attendance-filter"
    >
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.dateFrom')}
        value={filter.from}
        onChange={(e) => onChange({ ...filter, from: e.target.value })}
        error={Boolean(problems.from)}
        helperText={problem('from')}
        sx={dateSx}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'attendance-from' } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.dateTo')}
        value={filter.to}
        onChange={(e) => onChange({ ...filter, to: e.target.value })}
        error={Boolean(problems.to)}
        helperText={problem('to')}
        sx={dateSx}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'attendance-to' } }}
      />
      <TextField
        select
        size="small"
        label={t('attendance.filter.queue')}
        value={String(filter.queueId)}
        onChange={(e) => onChange({ ...filter, queueId: id(e.target.value) })}
        sx={{ minWidth: 180 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'attendance-queue' } as object },
        }}
      >
        <MenuItem value="">{t('attendance.filter.allQueues')}</MenuItem>
        {queues.map((q) => (
          <MenuItem key={q.id} value={String(q.id)}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('attendance.filter.attendant')}
        value={String(filter.userId)}
        onChange={(e) => onChange({ ...filter, userId: id(e.target.value) })}
        sx={{ minWidth: 180 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'attendance-user' } as object },
        }}
      >
        <MenuItem value="">{t('attendance.filter.allAttendants')}</MenuItem>
        {(users.data ?? []).map((u) => (
          <MenuItem key={u.id} value={String(u.id)}>
            {u.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
