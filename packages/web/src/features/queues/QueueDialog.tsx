/**
 * Add or edit a queue (automation §2 queue modal). Tabs: the queue's data and, when the company
 * setting scheduleType is `queue`, its attendance hours. Editing an existing queue also shows
 * the chatbot's option tree, which saves each option on its own.
 */
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { api, isApiError } from '../../lib/api';
import { hasFeature } from '../../lib/permissions';
import { applyServerErrors } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import type { Option } from '../../lib/ui/SelectField';
import { WeekHoursFields } from '../../lib/ui/WeekHoursFields';
import { settingValue, useSettings } from '../settings/useSettings';
import { QueueOptionsEditor } from './options/QueueOptionsEditor';
import { QueueDataFields } from './QueueDataFields';
import { fromQueue, newQueue, queueResolver, toBody, type QueueFormValues } from './queueForm';
import { byOrder, queuesCrud, useIntegrationOptions, usePromptOptions, useQueue } from './useQueues';
import type { Queue } from '@balcao/contracts';

export default function QueueDialog({ queueId, onClose }: { queueId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const isEdit = Boolean(queueId);
  const existing = useQueue(queueId);
  const user = useCurrentUser();
  // The pickers are native selects: the form mounts once they have their options (a stored
  // choice shows). A plan without the feature asks for none.
  const integrations = useIntegrationOptions(hasFeature(user, 'useIntegrations'));
  const prompts = usePromptOptions(hasFeature(user, 'useOpenAi'));
  return (
    <FormDialog
      title={isEdit ? t('queues.dialog.editTitle') : t('queues.dialog.addTitle')}
      testId="queue-dialog"
      maxWidth="md"
      onClose={onClose}
      loading={(isEdit && existing.isLoading) || integrations.isLoading || prompts.isLoading}
      failed={isEdit && existing.isError}
      onRetry={() => void existing.refetch()}
    >
      {/* Mounted with its values: fields filled from the start. */}
      <QueueForm
        existing={existing.data}
        integrations={integrations.data ?? []}
        prompts={prompts.data ?? []}
        onClose={onClose}
      />
    </FormDialog>
  );
}

type TabId = 'data' | 'hours';

interface QueueFormProps {
  existing?: Queue;
  integrations: Option[];
  prompts: Option[];
  onClose: () => void;
}

function QueueForm({ existing, integrations, prompts, onClose }: QueueFormProps) {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().company.timezone;
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const qc = useQueryClient();
  const settings = useSettings();
  const perQueueHours = settingValue(settings.data, 'scheduleType') === 'queue';
  const [tab, setTab] = useState<TabId>('data');
  const queues = queuesCrud.useList();
  // Read once: the form's first values (a new queue's colour is drawn at random).
  const [initial] = useState(() =>
    existing ? fromQueue(existing) : newQueue((queues.data ?? []).map((q) => q.color)),
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QueueFormValues>({
    resolver: queueResolver,
    defaultValues: initial,
  });

  const showTab = (fieldErrors: FieldErrors<QueueFormValues>) => {
    const onlyHours = Object.keys(fieldErrors).every((k) => k === 'schedules');
    setTab(onlyHours && perQueueHours ? 'hours' : 'data');
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      const saved = existing
        ? await api.put<Queue>(`/queue/${existing.id}`, body)
        : await api.post<Queue>('/queue', body);
      qc.setQueryData<Queue[]>(
        queuesCrud.queryKey,
        (old) => old && [...old.filter((q) => q.id !== saved.id), saved].sort(byOrder),
      );
      void qc.invalidateQueries({ queryKey: ['queues'] });
      toastSuccess(t('queues.toasts.saved'));
      onClose();
    } catch (err) {
      setTab('data');
      if (isApiError(err) && err.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') {
        setError('color', { type: 'server', message: 'colorInUse' }, { shouldFocus: true });
      } else if (isApiError(err) && err.code === 'ERR_WAPP_GREETING_REQUIRED') {
        setError('greetingMessage', { type: 'server', message: 'greetingRequired' }, { shouldFocus: true });
      } else if (applyServerErrors(err, setError)) {
        if (isApiError(err)) showTab((err.fields ?? {}) as FieldErrors<QueueFormValues>);
      } else toastError(err);
    }
  }, showTab);

  return (
    <FormDialogBody
      onSubmit={onSubmit}
      saving={isSubmitting}
      saveTestId="queue-save"
      contentSx={{ pt: 0 }}
      header={
        perQueueHours && (
          <Tabs
            value={tab}
            onChange={(_e, v: TabId) => setTab(v)}
            // Phones: both tabs in view, their labels wrapping.
            variant={fullScreen ? 'fullWidth' : 'standard'}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="data" label={t('queues.tabs.data')} data-testid="queue-tab-data" />
            <Tab value="hours" label={t('queues.tabs.hours')} data-testid="queue-tab-hours" />
          </Tabs>
        )
      }
      footer={
        tab === 'data' && (
          <>
            <Divider sx={{ my: 3 }} />
            {existing ? (
              <QueueOptionsEditor queueId={existing.id} />
            ) : (
              <Alert severity="info" variant="outlined" data-testid="queue-options-hint">
                {t('queues.options.saveFirst')}
              </Alert>
            )}
          </>
        )
      }
    >
      <Stack spacing={2} sx={{ pt: perQueueHours ? 0 : 2 }}>
        <div hidden={tab !== 'data'}>
          <QueueDataFields
            register={register}
            control={control}
            errors={errors}
            integrations={integrations}
            prompts={prompts}
            showOutOfHours={perQueueHours}
          />
        </div>
        {perQueueHours && (
          <div hidden={tab !== 'hours'}>
            <WeekHoursFields
              register={register}
              errors={errors}
              hint={t('queues.hours.hint')}
              timeZone={timeZone}
              testId="queue-hours"
            />
          </div>
        )}
      </Stack>
    </FormDialogBody>
  );
}
