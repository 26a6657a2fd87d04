/**
 * A week of opening hours: for each weekday (the contracts' order) a start and an end time
 * (HH:MM), registered as `schedules.{i}.startTime` / `.endTime` of a react-hook-form form. The
 * company's schedules and a queue's hours both edit their week with it; the hours are the
 * company's clock, whose zone is named above them.
 */
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ScheduleDay, WEEKDAYS } from '@balcao/contracts';
import { useFieldError } from '../forms';
import { ZoneNote } from './ZonedDateTimeField';

type WeekForm = FieldValues & { schedules: ScheduleDay[] };

const PARTS = [
  { name: 'startTime', label: 'weekHours.start' },
  { name: 'endTime', label: 'weekHours.end' },
] as const;

export function WeekHoursFields<T extends WeekForm>({
  register,
  errors,
  hint,
  timeZone,
  testId,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** A line above the week, e.g. what the hours decide. */
  hint?: string;
  /** The company's zone, named above the week (the hours are read on its clock). */
  timeZone: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const rowErrors = (errors as FieldErrors<WeekForm>).schedules;

  return (
    <Stack spacing={2} data-testid={testId}>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        <ZoneNote timeZone={timeZone} testId={testId ? `${testId}-zone` : 'week-hours-zone'} />
      </Typography>
      {WEEKDAYS.map((d, i) => {
        const day = t(`weekdays.${d.weekdayEn}`);
        return (
          // Phones: the day on its own line, start and end side by side below it.
          <Grid container spacing={2} key={d.weekdayEn} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography sx={{ fontWeight: 500 }}>{day}</Typography>
            </Grid>
            {PARTS.map((part) => {
              const error = rowErrors?.[i]?.[part.name];
              return (
                <Grid size={{ xs: 6, sm: 4 }} key={part.name}>
                  <TextField
                    {...register(`schedules.${i}.${part.name}` as Path<T>)}
                    type="time"
                    label={t(part.label)}
                    fullWidth
                    size="small"
                    error={Boolean(error)}
                    helperText={fieldError(error)}
                    slotProps={{
                      inputLabel: { shrink: true },
                      // Seven "Start" fields: each one names its day for screen readers.
                      htmlInput: { 'aria-label': `${day} — ${t(part.label)}` },
                    }}
                  />
                </Grid>
              );
            })}
          </Grid>
        );
      })}
    </Stack>
  );
}
