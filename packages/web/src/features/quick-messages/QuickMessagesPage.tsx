/** Quick answers (operations §2): search, the table (shortcode, attachment, actions), the modal. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import QuickMessageDialog from './QuickMessageDialog';
import type { QuickMessage } from '@balcao/contracts';
import { quickMessagesList, useDeleteQuickMessage } from './useQuickMessages';

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = usePagedList(quickMessagesList, { userId: me.id });
  const del = useConfirmedDelete<QuickMessage>(useDeleteQuickMessage(), t('quickMessages.toasts.deleted'));
  const [dialog, setDialog] = useState<{ record?: QuickMessage } | null>(null);

  return (
    <PageContainer
      title={t('quickMessages.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="quick-messages-search" />
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
      <InfiniteTable
        {...list.table}
        testId="quick-messages-table"
        emptyText={list.search ? t('quickMessages.noMatch') : t('quickMessages.empty')}
        rowProps={(r) => ({ 'data-testid': 'quick-message-row', 'data-record-id': r.id })}
        columns={[
          {
            label: t('quickMessages.table.shortcode'),
            sx: { fontWeight: 500, overflowWrap: 'anywhere', minWidth: 96 },
            cell: (r) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <span>/{r.shortcode}</span>
                {r.geral && (
                  <Tooltip title={t('quickMessages.shared')}>
                    <PublicIcon fontSize="inherit" color="action" aria-label={t('quickMessages.shared')} />
                  </Tooltip>
                )}
              </Stack>
            ),
          },
          {
            label: t('quickMessages.table.message'),
            hideBelow: 'sm',
            cell: (r) => (
              <Box sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', color: 'text.secondary' }}>
                {r.message}
              </Box>
            ),
            sx: { whiteSpace: 'nowrap' },
          },
          {
            label: t('quickMessages.table.attachment'),
            testId: 'quick-message-media',
            cell: (r) =>
              r.mediaName && (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={r.mediaName}>
                  <AttachFileIcon fontSize="inherit" color="action" />
                  <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 110, sm: 280 } }}>
                    {r.mediaName}
                  </Typography>
                </Stack>
              ),
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (r) => <EditDeleteButtons onEdit={() => setDialog({ record: r })} onDelete={() => del.ask(r)} />,
          },
        ]}
      />
      {dialog && <QuickMessageDialog record={dialog.record} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('quickMessages.confirmDelete.title', { shortcode: del.row?.shortcode ?? '' })}
        text={t('quickMessages.confirmDelete.text')}
      />
    </PageContainer>
  );
}
