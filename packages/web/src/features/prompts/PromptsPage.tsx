/**
 * AI prompts (automation §4): name, queue, max tokens, edit and delete, with search and infinite
 * scroll, kept live by `company-{id}-prompt`.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Prompt } from '@balcao/contracts';
import { usePagedList } from '../../lib/list/usePagedList';
import { toastInfo, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import PromptDialog from './PromptDialog';
import { promptsList, useDeletePrompt } from './usePrompts';

export default function PromptsPage() {
  const { t } = useTranslation();
  const list = usePagedList(promptsList);
  const remove = useDeletePrompt();
  // The server's answer carries a message (automation §7): said as an info toast, in the
  // person's language; without one, the usual success toast.
  const del = useConfirmedDelete<Prompt>(
    {
      isPending: remove.isPending,
      mutateAsync: async (id) => {
        const message = await remove.mutateAsync(id);
        if (message) toastInfo(t('prompts.toasts.deleted'));
        else toastSuccess(t('prompts.toasts.deleted'));
      },
    },
    null,
  );
  const [dialog, setDialog] = useState<{ prompt?: Prompt } | null>(null);

  return (
    <PageContainer
      title={list.count === undefined ? t('prompts.title') : t('prompts.titleCount', { count: list.count })}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="prompts-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="prompt-add">
            {t('prompts.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="prompts-table"
        emptyText={list.search ? t('prompts.noMatch') : t('prompts.empty')}
        rowProps={(row) => ({ 'data-testid': 'prompt-row', 'data-prompt-id': row.id })}
        columns={[
          {
            label: t('prompts.table.name'),
            sx: { maxWidth: 0, width: '60%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            testId: 'prompt-name',
            cell: (row) => row.name,
          },
          {
            label: t('prompts.table.queue'),
            sx: { maxWidth: 0, width: '40%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            testId: 'prompt-queue',
            cell: (row) =>
              row.queue ? (
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: row.queue.color, flexShrink: 0 }}
                  />
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {row.queue.name}
                  </Box>
                </Box>
              ) : (
                '—'
              ),
          },
          {
            label: t('prompts.table.maxTokens'),
            align: 'center',
            hideBelow: 'sm',
            testId: 'prompt-max-tokens',
            cell: (row) => row.maxTokens,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="prompt"
                onEdit={() => setDialog({ prompt: row })}
                onDelete={() => del.ask(row)}
              />
            ),
          },
        ]}
      />
      {dialog && <PromptDialog prompt={dialog.prompt} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('prompts.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('prompts.confirmDelete.text')}
      />
    </PageContainer>
  );
}
