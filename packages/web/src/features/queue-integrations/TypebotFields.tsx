/** A Typebot integration's fields: the bot's public id, its timings, keywords and messages. */
import type { UseFormReturn } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TYPEBOT_MAX_DELAY_MS, TYPEBOT_MAX_EXPIRES_MINUTES } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import type { IntegrationFormValues } from './integrationForm';

type Field =
  | 'typebotSlug'
  | 'typebotExpires'
  | 'typebotDelayMessage'
  | 'typebotKeywordFinish'
  | 'typebotKeywordRestart'
  | 'typebotRestartMessage'
  | 'typebotUnknownMessage';

export function TypebotFields({ form }: { form: UseFormReturn<IntegrationFormValues> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    formState: { errors },
  } = form;
  const field = (name: Field, htmlInput: Record<string, unknown> = {}) => ({
    ...register(name),
    label: t(`queueIntegrations.fields.${name}`),
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]) ?? t(`queueIntegrations.hints.${name}`),
    slotProps: { htmlInput: { 'data-testid': `integration-${name}`, ...htmlInput } },
  });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField {...field('typebotSlug', { spellCheck: false })} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('typebotExpires', { min: 0, max: TYPEBOT_MAX_EXPIRES_MINUTES, step: 1 })} type="number" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('typebotDelayMessage', { min: 0, max: TYPEBOT_MAX_DELAY_MS, step: 100 })} type="number" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('typebotKeywordFinish')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('typebotKeywordRestart')} />
      </Grid>
      <Grid size={12}>
        <TextField {...field('typebotRestartMessage')} multiline minRows={2} />
      </Grid>
      <Grid size={12}>
        <TextField {...field('typebotUnknownMessage')} multiline minRows={2} />
      </Grid>
    </Grid>
  );
}
