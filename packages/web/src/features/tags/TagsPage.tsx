/** Tags (operations §2): search, infinite scroll, coloured chips, tickets count, edit, delete. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useDebounce } from '../../lib/useDebounce';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { InfiniteTable } from './InfiniteTable';
import { SearchField } from './SearchField';
import { TagChip } from './TagChip';
import TagDialog from './TagDialog';
import type { Tag } from './types';
import { useDeleteTag, useLiveTags, useTagsList } from './useTags';

export default function TagsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search.trim().toLowerCase());
  const list = useTagsList(searchParam);
  useLiveTags();
  const del = useDeleteTag();
  const [dialog, setDialog] = useState<{ tag?: Tag } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const tags = list.data?.pages.flatMap((p) => p.tags) ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toastSuccess(t('tags.toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <PageContainer
      title={t('tags.title')}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="tags-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="tag-add">
            {t('tags.add')}
          </Button>
        </>
      }
    >
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <InfiniteTable
          testId="tags-table"
          rows={tags}
          loading={list.isLoading || list.isFetchingNextPage}
          hasMore={Boolean(list.hasNextPage)}
          onLoadMore={() => void list.fetchNextPage()}
          emptyText={search ? t('tags.noMatch') : t('tags.empty')}
          columns={[
            { label: t('tags.table.name') },
            { label: t('tags.table.tickets'), align: 'center' },
            { label: t('common.actions'), align: 'right' },
          ]}
          renderRow={(tag) => (
            <TableRow key={tag.id} hover data-testid="tag-row" data-tag-id={tag.id}>
              <TableCell sx={{ maxWidth: 0, width: '100%' }}>
                <TagChip name={tag.name} color={tag.color} kanban={tag.kanban === 1} />
              </TableCell>
              <TableCell align="center" data-testid="tag-tickets">
                {tag.ticketsCount ?? 0}
              </TableCell>
              <EditDeleteCell onEdit={() => setDialog({ tag })} onDelete={() => setDeleting(tag)} />
            </TableRow>
          )}
        />
      )}
      {dialog && <TagDialog tag={dialog.tag} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('tags.confirmDelete.title', { name: deleting?.name ?? '' })}
        text={t('tags.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
