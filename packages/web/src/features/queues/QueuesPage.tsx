/** Queues & chatbot (automation §2): the list, the queue modal and the delete confirmation. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PageContainer } from '../../lib/ui/PageContainer';
import QueueDialog from './QueueDialog';
import { QueuesTable } from './QueuesTable';
import { queuesCrud, useLiveQueues } from './useQueues';

export default function QueuesPage() {
  const { t } = useTranslation();
  const list = queuesCrud.useList();
  useLiveQueues();
  const [dialog, setDialog] = useState<{ id?: number } | null>(null);
  const { deleting, setDeleting, confirmDelete, deletePending } = queuesCrud.useEditAndDelete(
    t('queues.toasts.deleted'),
  );

  return (
    <PageContainer
      title={t('queues.title')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="queue-add">
          {t('queues.add')}
        </Button>
      }
    >
      <QueuesTable query={list} onEdit={(q) => setDialog({ id: q.id })} onDelete={setDeleting} />
      {dialog && <QueueDialog queueId={dialog.id} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('queues.confirmDelete.title', { name: deleting?.name ?? '' })}
        text={t('queues.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={deletePending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
