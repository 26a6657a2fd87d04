/**
 * Add or edit a connection (foundation §2 connections page, §3 connection fields). The API
 * token shows on edit, with copy and regenerate; Cloud API fields only for the cloud provider.
 */
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { api, isApiError } from '../../lib/api';
import { hasFeature } from '../../lib/permissions';
import { applyServerErrors } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import type { Option } from '../../lib/ui/SelectField';
import { useIntegrationOptions, usePromptOptions } from '../queues/useQueues';
import { CloudFields } from './CloudFields';
import { ConnectionFields, Section } from './ConnectionFields';
import {
  connectionResolver,
  EMPTY_CONNECTION,
  fromConnection,
  toBody,
  type ConnectionFormValues,
} from './connectionForm';
import { CopyField } from './TokenField';
import { patchConnection, putConnection, useConnection } from './useConnections';
import type { Connection, ConnectionToken } from '@balcao/contracts';

interface Props {
  connectionId?: number;
  onClose: () => void;
}

export default function ConnectionDialog({ connectionId, onClose }: Props) {
  const { t } = useTranslation();
  const isEdit = Boolean(connectionId);
  const existing = useConnection(connectionId);
  const user = useCurrentUser();
  // Native selects: the form mounts once they have their options (a stored choice shows).
  const integrations = useIntegrationOptions(hasFeature(user, 'useIntegrations'));
  const prompts = usePromptOptions(hasFeature(user, 'useOpenAi'));
  return (
    <FormDialog
      title={isEdit ? t('connections.dialog.editTitle') : t('connections.dialog.addTitle')}
      testId="connection-dialog"
      maxWidth="md"
      onClose={onClose}
      loading={(isEdit && existing.isLoading) || integrations.isLoading || prompts.isLoading}
      failed={isEdit && existing.isError}
      onRetry={() => void existing.refetch()}
    >
      {/* Mounted with its values: fields filled from the start (no reset after mount). */}
      <ConnectionForm
        existing={existing.data}
        integrations={integrations.data ?? []}
        prompts={prompts.data ?? []}
        onClose={onClose}
      />
    </FormDialog>
  );
}

interface FormProps {
  existing?: Connection;
  integrations: Option[];
  prompts: Option[];
  onClose: () => void;
}

function ConnectionForm({ existing, integrations, prompts, onClose }: FormProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const connectionId = existing?.id;
  const isEdit = Boolean(existing);
  const [token, setToken] = useState(existing?.token);
  const [askRegenerate, setAskRegenerate] = useState(false);
  const resolver = useMemo(() => connectionResolver(isEdit), [isEdit]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConnectionFormValues>({
    resolver,
    defaultValues: existing ? fromConnection(existing) : EMPTY_CONNECTION,
  });
  const provider = useWatch({ control, name: 'provider' });

  const onSubmit = handleSubmit(async (values) => {
    const body = toBody(values, isEdit);
    try {
      const saved = isEdit
        ? await api.put<Connection>(`/whatsapp/${connectionId}`, body)
        : await api.post<Connection>('/whatsapp', body);
      putConnection(qc, saved);
      void qc.invalidateQueries({ queryKey: ['whatsapp'] });
      toastSuccess(t('connections.toasts.saved'));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_WAPP_GREETING_REQUIRED') {
        setError('greetingMessage', { type: 'server', message: 'greetingRequired' }, { shouldFocus: true });
      }
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  const regenerate = async () => {
    setAskRegenerate(false);
    try {
      const res = await api.post<ConnectionToken>(`/whatsapp/${connectionId}/token`);
      setToken(res.token);
      patchConnection(qc, res.id, (w) => ({ ...w, token: res.token }));
      toastSuccess(t('connections.token.regenerated'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="connection-save">
        <Stack spacing={2}>
          <ConnectionFields
            register={register}
            control={control}
            errors={errors}
            isEdit={isEdit}
            integrations={integrations}
            prompts={prompts}
          />
          {provider === 'cloud' && <CloudFields register={register} errors={errors} existing={existing} />}
          {isEdit && token && (
            <>
              <Section title={t('connections.dialog.api')} />
              <CopyField
                label={t('connections.token.label')}
                value={token}
                helperText={t('connections.token.hint')}
                onRegenerate={() => setAskRegenerate(true)}
                testId="connection-token"
              />
            </>
          )}
        </Stack>
      </FormDialogBody>
      <ConfirmDialog
        open={askRegenerate}
        title={t('connections.token.confirmTitle')}
        text={t('connections.token.confirmText')}
        confirmLabel={t('connections.token.regenerate')}
        onConfirm={() => void regenerate()}
        onClose={() => setAskRegenerate(false)}
      />
    </>
  );
}
