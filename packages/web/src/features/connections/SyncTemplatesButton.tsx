/** Reads the connection's message templates from Meta again (admins; also done daily by the server). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { TemplateList } from '@balcao/contracts';
import { api } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';

export function SyncTemplatesButton({ connectionId }: { connectionId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const sync = useMutation({
    mutationFn: () => api.post<TemplateList>(`/whatsapp/${connectionId}/templates/sync`),
    onSuccess: (answer) => {
      qc.setQueryData(['whatsapp', connectionId, 'templates'], answer);
      toastSuccess(t('connections.cloud.templatesSynced', { count: answer.templates.length }));
    },
    onError: toastError,
  });
  return (
    <Button
      variant="outlined"
      onClick={() => sync.mutate()}
      disabled={sync.isPending}
      sx={{ whiteSpace: 'nowrap', mt: 1 }}
      data-testid="cloud-sync-templates"
    >
      {t('connections.cloud.syncTemplates')}
    </Button>
  );
}
