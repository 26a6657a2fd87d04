import { Fragment } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PROVIDERS } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import { SelectField, type Option } from '../../lib/ui/SelectField';
import { QueuesSelect } from '../users/QueuesSelect';
import { useQueueOptions } from '../users/useUserOptions';
import type { ConnectionFormValues } from './connectionForm';
import { RatingSetting } from './RatingSetting';

interface Props {
  register: UseFormRegister<ConnectionFormValues>;
  control: Control<ConnectionFormValues>;
  errors: FieldErrors<ConnectionFormValues>;
  isEdit: boolean;
  /** What may hold the connection's conversations (empty when the plan lacks the feature). */
  integrations: Option[];
  prompts: Option[];
}

const MESSAGES = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
] as const;
const NUMBERS = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer'] as const;

export function Section({ title }: { title: string }) {
  return (
    <Typography variant="subtitle2" color="primary" sx={{ pt: 1 }}>
      {title}
    </Typography>
  );
}

/** Name, provider, default, queues, the messages and the bot/ticket timings of a connection. */
export function ConnectionFields({ register, control, errors, isEdit, integrations, prompts }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queues = useQueueOptions(true);
  const field = (name: keyof ConnectionFormValues) => ({
    ...register(name),
    label: t(`connections.fields.${name}`),
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]) ?? (i18nHint(name) ? t(`connections.hints.${name}`) : undefined),
    fullWidth: true,
  });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField {...field('name')} autoFocus slotProps={{ htmlInput: { maxLength: 50 } }} />
        <SelectField
          {...field('provider')}
          disabled={isEdit}
          options={PROVIDERS.map((p) => ({ value: p, label: t(`connections.providers.${p}`) }))}
        />
      </Stack>
      <Controller
        control={control}
        name="isDefault"
        render={({ field: f }) => (
          <FormControlLabel
            control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} name="isDefault" />}
            label={t('connections.fields.isDefault')}
          />
        )}
      />
      <Controller
        control={control}
        name="queueIds"
        render={({ field: f }) => <QueuesSelect value={f.value} onChange={f.onChange} />}
      />

      <Section title={t('connections.dialog.messages')} />
      {MESSAGES.map((name) => (
        <Fragment key={name}>
          <TextField {...field(name)} multiline minRows={2} maxRows={6} />
          {name === 'ratingMessage' && <RatingSetting />}
        </Fragment>
      ))}

      <Section title={t('connections.dialog.automation')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {NUMBERS.slice(0, 2).map((name) => (
          <TextField
            key={name}
            {...field(name)}
            type="number"
            slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {NUMBERS.slice(2).map((name) => (
          <TextField
            key={name}
            {...field(name)}
            type="number"
            slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
          />
        ))}
      </Stack>
      <SelectField
        {...field('transferQueueId')}
        placeholder={t('connections.dialog.noQueue')}
        options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField {...field('integrationId')} placeholder={t('queues.fields.none')} options={integrations} />
        <SelectField {...field('promptId')} placeholder={t('queues.fields.none')} options={prompts} />
      </Stack>
    </Stack>
  );
}

/** Fields that carry an explanation under them. */
const i18nHint = (name: string) =>
  [
    'greetingMessage',
    'expiresTicket',
    'timeUseBotQueues',
    'maxUseBotQueues',
    'timeToTransfer',
    'transferQueueId',
  ].includes(name);
