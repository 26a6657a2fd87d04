import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../lib/forms';
import { CopyField } from './TokenField';
import { Section } from './ConnectionFields';
import type { ConnectionFormValues } from './connectionForm';
import type { Connection } from '@balcao/contracts';
import { SyncTemplatesButton } from './SyncTemplatesButton';

/** The webhook Meta calls for a Cloud API connection. */
export const webhookUrl = (id: number) => `${window.location.origin}/api/webhooks/whatsapp/${id}`;

/** WhatsApp Business Cloud API settings; secrets are shown masked and kept when left blank. */
export function CloudFields({
  register,
  errors,
  existing,
}: {
  register: UseFormRegister<ConnectionFormValues>;
  errors: FieldErrors<ConnectionFormValues>;
  existing?: Connection;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const field = (
    name: 'phoneNumberId' | 'accessToken' | 'appSecret' | 'verifyToken' | 'wabaId' | 'messagesPerSecond',
    hint?: string,
  ) => ({
    ...register(name),
    label: t(`connections.fields.${name}`),
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]) ?? hint,
    fullWidth: true,
    autoComplete: 'off',
  });
  const keep = (current: string | null | undefined) =>
    current ? t('connections.cloud.keepSecret', { current }) : undefined;

  return (
    <Stack spacing={2} data-testid="cloud-fields">
      <Section title={t('connections.dialog.cloud')} />
      <TextField {...field('phoneNumberId')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('accessToken', keep(existing?.accessToken))} type="password" />
        <TextField {...field('appSecret', keep(existing?.appSecret))} type="password" />
      </Stack>
      <TextField {...field('verifyToken', existing ? undefined : t('connections.cloud.verifyTokenHint'))} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...field('wabaId', t('connections.cloud.wabaIdHint'))}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'cloud-waba-id' } }}
        />
        {existing?.wabaId && <SyncTemplatesButton connectionId={existing.id} />}
      </Stack>
      <TextField
        {...field('messagesPerSecond', t('connections.cloud.messagesPerSecondHint'))}
        type="number"
        slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, 'data-testid': 'cloud-messages-per-second' } }}
      />
      {existing ? (
        <CopyField label={t('connections.cloud.webhook')} value={webhookUrl(existing.id)} testId="cloud-webhook" />
      ) : (
        <Alert severity="info">{t('connections.cloud.webhookAfterSave')}</Alert>
      )}
    </Stack>
  );
}
