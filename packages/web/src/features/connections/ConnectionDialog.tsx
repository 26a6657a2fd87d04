/**
 * Add or edit a connection (foundation §2 connections page, §3 connection fields). The API
 * token shows on edit, with copy and regenerate; Cloud API fields only for the cloud provider.
 */
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
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
import { putConnection, useConnection } from './useConnections';
import type { Whatsapp } from './types';

interface Props {
  connectionId?: number;
  onClose: () => void;
}

export default function ConnectionDialog({ connectionId, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const isEdit = Boolean(connectionId);
  const existing = useConnection(connectionId);
  const loading = isEdit && existing.isLoading;
  const failed = isEdit && existing.isError;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="connection-dialog"
      aria-labelledby="connection-dialog-title"
    >
      <DialogTitle id="connection-dialog-title">
        {isEdit ? t('connections.dialog.editTitle') : t('connections.dialog.addTitle')}
      </DialogTitle>
      {loading || failed ? (
        <>
          <DialogContent dividers>
            {loading ? <PageLoader /> : <ErrorState onRetry={() => void existing.refetch()} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </>
      ) : (
        // Mounted with its values: fields filled from the start (no reset after mount).
        <ConnectionForm existing={existing.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ConnectionForm({ existing, onClose }: { existing?: Whatsapp; onClose: () => void }) {
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
        ? await api.put<Whatsapp>(`/whatsapp/${connectionId}`, body)
        : await api.post<Whatsapp>('/whatsapp', body);
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
      const res = await api.post<{ token: string }>(`/whatsapp/${connectionId}/token`);
      setToken(res.token);
      putConnection(qc, { id: connectionId!, token: res.token });
      toastSuccess(t('connections.token.regenerated'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ConnectionFields register={register} control={control} errors={errors} isEdit={isEdit} />
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="connection-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
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
