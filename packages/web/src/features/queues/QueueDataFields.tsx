/** The queue modal's data tab: name, colour, order, integration, prompt, the messages and automatic assignment. */
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SelectField, type Option } from '../../lib/ui/SelectField';
import { ColorField } from './ColorField';
import { useRoutingFieldError } from './fieldError';
import type { QueueFormValues } from './queueForm';

interface Props {
  register: UseFormRegister<QueueFormValues>;
  control: Control<QueueFormValues>;
  errors: FieldErrors<QueueFormValues>;
  integrations: Option[];
  prompts: Option[];
  showOutOfHours: boolean;
}

export function QueueDataFields({ register, control, errors, integrations, prompts, showOutOfHours }: Props) {
  const { t } = useTranslation();
  const fieldError = useRoutingFieldError();
  const none = t('queues.fields.none');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          {...register('name')}
          label={t('queues.fields.name')}
          autoFocus
          fullWidth
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorField
              name={field.name}
              label={t('queues.fields.color')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.color)}
              helperText={fieldError(errors.color)}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          {...register('orderQueue')}
          label={t('queues.fields.orderQueue')}
          type="number"
          fullWidth
          error={Boolean(errors.orderQueue)}
          helperText={fieldError(errors.orderQueue) ?? t('queues.hints.orderQueue')}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <SelectField
          {...register('integrationId')}
          label={t('queues.fields.integration')}
          fullWidth
          placeholder={none}
          options={integrations}
          error={Boolean(errors.integrationId)}
          helperText={fieldError(errors.integrationId)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <SelectField
          {...register('promptId')}
          label={t('queues.fields.prompt')}
          fullWidth
          placeholder={none}
          options={prompts}
          error={Boolean(errors.promptId)}
          helperText={fieldError(errors.promptId)}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...register('greetingMessage')}
          label={t('queues.fields.greetingMessage')}
          fullWidth
          multiline
          minRows={3}
          error={Boolean(errors.greetingMessage)}
          helperText={fieldError(errors.greetingMessage) ?? t('queues.hints.greeting')}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="autoAssign"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-describedby': 'queue-auto-assign-hint',
                      'data-testid': 'queue-auto-assign',
                    } as object,
                  }}
                />
              }
              label={t('queues.fields.autoAssign')}
            />
          )}
        />
        <FormHelperText id="queue-auto-assign-hint" sx={{ mt: 0 }}>
          {t('queues.hints.autoAssign')}
        </FormHelperText>
      </Grid>
      {showOutOfHours && (
        <Grid size={12}>
          <TextField
            {...register('outOfHoursMessage')}
            label={t('queues.fields.outOfHoursMessage')}
            fullWidth
            multiline
            minRows={2}
            error={Boolean(errors.outOfHoursMessage)}
            helperText={fieldError(errors.outOfHoursMessage)}
          />
        </Grid>
      )}
    </Grid>
  );
}
