/** Tags (operations §2): search, infinite scroll, coloured chips, tickets count, edit, delete. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import { TagChip } from './TagChip';
import TagDialog from './TagDialog';
import type { Tag } from '@balcao/contracts';
import { tagsList, useDeleteTag } from './useTags';

export default function TagsPage() {
  const { t } = useTranslation();
  const list = usePagedList(tagsList);
  const del = useConfirmedDelete<Tag>(useDeleteTag(), t('tags.toasts.deleted'));
  const [dialog, setDialog] = useState<{ tag?: Tag } | null>(null);

  return (
    <PageContainer
      title={t('tags.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="tags-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="tag-add">
            {t('tags.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="tags-table"
        emptyText={list.search ? t('tags.noMatch') : t('tags.empty')}
        rowProps={(tag) => ({ 'data-testid': 'tag-row', 'data-tag-id': tag.id })}
        columns={[
          {
            label: t('tags.table.name'),
            sx: { maxWidth: 0, width: '100%' },
            cell: (tag) => <TagChip name={tag.name} color={tag.color} kanban={tag.kanban === 1} />,
          },
          {
            label: t('tags.table.tickets'),
            align: 'center',
            testId: 'tag-tickets',
            cell: (tag) => tag.ticketsCount ?? 0,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (tag) => <EditDeleteButtons onEdit={() => setDialog({ tag })} onDelete={() => del.ask(tag)} />,
          },
        ]}
      />
      {dialog && <TagDialog tag={dialog.tag} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('tags.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('tags.confirmDelete.text')}
      />
    </PageContainer>
  );
}
