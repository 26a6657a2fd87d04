/**
 * Add or edit a queue integration (automation §4, §5): the type, the name (2–50) and the type's
 * own fields. Server field errors land on the fields; a new webhook / n8n integration hands its
 * signing secret to the page (`onCreated`) to be shown.
 */
import { useForm } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { QUEUE_INTEGRATION_TYPES, type QueueIntegration } from '@balcao/contracts';
import { isApiError } from '../../lib/api';
import { useFieldError } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SelectField } from '../../lib/ui/SelectField';
import { useAllFlows } from '../flow-campaigns/useFlowCampaigns';
import { DialogflowFields } from './DialogflowFields';
import {
  formField,
  fromIntegration,
  integrationResolver,
  NEW_INTEGRATION,
  toBody,
  type IntegrationFormValues,
} from './integrationForm';
import { SigningSecret } from './SigningSecret';
import { TypebotFields } from './TypebotFields';
import { useSaveQueueIntegration } from './useQueueIntegrations';

interface Props {
  integration?: QueueIntegration;
  onClose: () => void;
  onCreated?: (saved: QueueIntegration) => void;
}

export default function QueueIntegrationDialog({ integration, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const flows = useAllFlows();
  return (
    <FormDialog
      title={integration ? t('queueIntegrations.dialog.editTitle') : t('queueIntegrations.dialog.addTitle')}
      testId="queue-integration-dialog"
      onClose={onClose}
      // The flow picker is a native select: it mounts with its options, so a stored flow shows.
      loading={flows.isLoading}
    >
      <IntegrationForm
        integration={integration}
        flows={(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
        onClose={onClose}
        onCreated={onCreated}
      />
    </FormDialog>
  );
}

function IntegrationForm({
  integration,
  flows,
  onClose,
  onCreated,
}: Props & { flows: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveQueueIntegration();
  const form = useForm<IntegrationFormValues>({
    resolver: integrationResolver,
    defaultValues: integration ? fromIntegration(integration) : NEW_INTEGRATION,
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const type = watch('type');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: integration?.id, body: toBody(values) });
      toastSuccess(t('queueIntegrations.toasts.saved'));
      onClose();
      if (!integration) onCreated?.(saved);
    } catch (err) {
      const fields = isApiError(err) && err.code === 'ERR_VALIDATION' ? Object.entries(err.fields ?? {}) : [];
      if (fields.length === 0) return toastError(err);
      fields.forEach(([field, message], i) =>
        setError(
          formField(values.type, field) as keyof IntegrationFormValues,
          { type: 'server', message },
          { shouldFocus: i === 0 },
        ),
      );
    }
  });

  const text = (name: keyof IntegrationFormValues, extra: Record<string, unknown> = {}) => ({
    ...register(name),
    label: t(`queueIntegrations.fields.${name}`),
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]),
    slotProps: { htmlInput: { 'data-testid': `integration-${name}` } },
    ...extra,
  });

  return (
    <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="queue-integration-save">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <SelectField
          {...register('type')}
          label={t('queueIntegrations.fields.type')}
          fullWidth
          options={QUEUE_INTEGRATION_TYPES.map((v) => ({ value: v, label: t(`queueIntegrations.types.${v}`) }))}
        />
        <TextField {...text('name')} autoFocus />
        {type === 'dialogflow' && <DialogflowFields form={form} />}
        {(type === 'n8n' || type === 'webhook' || type === 'typebot') && (
          <TextField
            {...text('urlN8N')}
            type="url"
            label={t(`queueIntegrations.fields.${type === 'typebot' ? 'typebotUrl' : 'webhookUrl'}`)}
            placeholder={type === 'typebot' ? 'https://typebot.example.com' : 'https://example.com/webhook'}
            helperText={
              fieldError(errors.urlN8N) ??
              t(`queueIntegrations.hints.${type === 'typebot' ? 'typebotUrl' : 'webhookUrl'}`)
            }
          />
        )}
        {(type === 'n8n' || type === 'webhook') && integration?.signingSecret && (
          <SigningSecret secret={integration.signingSecret} />
        )}
        {type === 'typebot' && <TypebotFields form={form} />}
        {type === 'flowbuilder' && (
          <SelectField
            {...register('flowId')}
            label={t('queueIntegrations.fields.flow')}
            fullWidth
            placeholder={t('queueIntegrations.fields.chooseFlow')}
            options={flows}
            error={Boolean(errors.flowId)}
            helperText={
              fieldError(errors.flowId) ?? (flows.length === 0 ? t('queueIntegrations.hints.noFlows') : undefined)
            }
          />
        )}
      </Stack>
    </FormDialogBody>
  );
}
