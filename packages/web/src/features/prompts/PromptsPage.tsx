/**
 * AI prompts (automation §4): name, queue, max tokens, edit and delete, with search and infinite
 * scroll, kept live by `company-{id}-prompt`. A delete's answer may carry a message (an info toast).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Prompt } from '@balcao/contracts';
import { usePagedList } from '../../lib/list/usePagedList';
import { toastInfo } from '../../lib/toast';
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
  const del = useConfirmedDelete<Prompt>(
    {
      isPending: remove.isPending,
      mutateAsync: async (id) => {
        const message = await remove.mutateAsync(id);
        if (message) toastInfo(message);
      },
    },
    t('prompts.toasts.deleted'),
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
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: row.queue.color, flexShrink: 0 }}
                  />
                  {row.queue.name}
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
