/** Queues & chatbot (automation §2): the list, the queue modal and the delete confirmation. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { queryRows } from '../../lib/list/queryRows';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import { ColorSwatch } from './ColorField';
import QueueDialog from './QueueDialog';
import type { Queue } from '@balcao/contracts';
import { queuesCrud, useLiveQueues } from './useQueues';

export default function QueuesPage() {
  const { t } = useTranslation();
  const list = queuesCrud.useList();
  useLiveQueues();
  const [dialog, setDialog] = useState<{ id?: number } | null>(null);
  const del = useConfirmedDelete<Queue>(queuesCrud.useDelete(), t('queues.toasts.deleted'));

  return (
    <PageContainer
      title={t('queues.title')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="queue-add">
          {t('queues.add')}
        </Button>
      }
    >
      {/* A phone does without the id and the greeting's text. */}
      <InfiniteTable
        {...queryRows(list)}
        testId="queues-table"
        emptyText={t('queues.empty')}
        rowProps={(q) => ({ 'data-testid': 'queue-row', 'data-queue-id': q.id })}
        columns={[
          { label: t('queues.table.id'), hideBelow: 'sm', cell: (q) => q.id },
          { label: t('queues.table.name'), sx: { fontWeight: 500, wordBreak: 'break-word' }, cell: (q) => q.name },
          { label: t('queues.table.color'), align: 'center', cell: (q) => <ColorSwatch color={q.color} /> },
          { label: t('queues.table.orderQueue'), align: 'center', cell: (q) => q.orderQueue ?? '—' },
          {
            label: t('queues.table.greeting'),
            hideBelow: 'sm',
            sx: { maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (q) => (
              <Box component="span" title={q.greetingMessage} sx={{ color: 'text.secondary' }}>
                {q.greetingMessage}
              </Box>
            ),
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (q) => (
              <EditDeleteButtons testId="queue" onEdit={() => setDialog({ id: q.id })} onDelete={() => del.ask(q)} />
            ),
          },
        ]}
      />
      {dialog && <QueueDialog queueId={dialog.id} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('queues.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('queues.confirmDelete.text')}
      />
    </PageContainer>
  );
}
