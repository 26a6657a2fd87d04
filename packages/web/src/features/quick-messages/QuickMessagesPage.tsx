/** Quick answers (operations §2): search, the table (shortcode, attachment, actions), the modal. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { useDebounce } from '../../lib/useDebounce';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { InfiniteTable, wideOnlyCell } from '../tags/InfiniteTable';
import { SearchField } from '../tags/SearchField';
import QuickMessageDialog from './QuickMessageDialog';
import type { QuickMessage } from './types';
import { useDeleteQuickMessage, useLiveQuickMessages, useQuickMessagesList } from './useQuickMessages';

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search.trim().toLowerCase());
  const list = useQuickMessagesList(searchParam, me.id);
  useLiveQuickMessages();
  const [dialog, setDialog] = useState<{ record?: QuickMessage } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const del = useDeleteQuickMessage();
  const records = list.data?.pages.flatMap((p) => p.records) ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toastSuccess(t('quickMessages.toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <PageContainer
      title={t('quickMessages.title')}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="quick-messages-search" />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            data-testid="quick-message-add"
          >
            {t('quickMessages.add')}
          </Button>
        </>
      }
    >
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <InfiniteTable
          testId="quick-messages-table"
          rows={records}
          loading={list.isLoading || list.isFetchingNextPage}
          hasMore={Boolean(list.hasNextPage)}
          onLoadMore={() => void list.fetchNextPage()}
          emptyText={search ? t('quickMessages.noMatch') : t('quickMessages.empty')}
          columns={[
            { label: t('quickMessages.table.shortcode') },
            { label: t('quickMessages.table.message'), wideOnly: true },
            { label: t('quickMessages.table.attachment') },
            { label: t('common.actions'), align: 'right' },
          ]}
          renderRow={(r) => (
            <TableRow key={r.id} hover data-testid="quick-message-row" data-record-id={r.id}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 96 }}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <span>/{r.shortcode}</span>
                  {r.geral && (
                    <Tooltip title={t('quickMessages.shared')}>
                      <PublicIcon fontSize="inherit" color="action" aria-label={t('quickMessages.shared')} />
                    </Tooltip>
                  )}
                </Stack>
              </TableCell>
              <TableCell
                sx={{
                  ...wideOnlyCell,
                  maxWidth: 360,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  color: 'text.secondary',
                }}
              >
                {r.message}
              </TableCell>
              <TableCell data-testid="quick-message-media">
                {r.mediaName && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={r.mediaName}>
                    <AttachFileIcon fontSize="inherit" color="action" />
                    <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 110, sm: 280 } }}>
                      {r.mediaName}
                    </Typography>
                  </Stack>
                )}
              </TableCell>
              <EditDeleteCell onEdit={() => setDialog({ record: r })} onDelete={() => setDeleting(r)} />
            </TableRow>
          )}
        />
      )}
      {dialog && <QuickMessageDialog record={dialog.record} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('quickMessages.confirmDelete.title', { shortcode: deleting?.shortcode ?? '' })}
        text={t('quickMessages.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
