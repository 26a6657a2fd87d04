/** The queue's attendance hours: one start and end time per weekday (HH:MM). */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import type { QueueFormValues } from './queueForm';

export function QueueHoursFields({
  register,
  errors,
}: {
  register: UseFormRegister<QueueFormValues>;
  errors: FieldErrors<QueueFormValues>;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (
    <Grid container spacing={2} sx={{ alignItems: 'center' }} data-testid="queue-hours">
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {t('queues.hours.hint')}
        </Typography>
      </Grid>
      {WEEKDAYS.map((d, i) => (
        <Grid container size={12} spacing={2} key={d.weekdayEn} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Typography sx={{ fontWeight: 500 }}>{t(`weekdays.${d.weekdayEn}`)}</Typography>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField
              {...register(`schedules.${i}.startTime`)}
              type="time"
              label={t('queues.hours.start')}
              fullWidth
              size="small"
              error={Boolean(errors.schedules?.[i]?.startTime)}
              helperText={fieldError(errors.schedules?.[i]?.startTime)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'aria-label': `${t(`weekdays.${d.weekdayEn}`)} — ${t('queues.hours.start')}` },
              }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField
              {...register(`schedules.${i}.endTime`)}
              type="time"
              label={t('queues.hours.end')}
              fullWidth
              size="small"
              error={Boolean(errors.schedules?.[i]?.endTime)}
              helperText={fieldError(errors.schedules?.[i]?.endTime)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'aria-label': `${t(`weekdays.${d.weekdayEn}`)} — ${t('queues.hours.end')}` },
              }}
            />
          </Grid>
        </Grid>
      ))}
    </Grid>
  );
}
