/** File lists (automation §2): search, infinite scroll, names with their option count, edit, delete. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { FileList } from '@balcao/contracts';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import FileListDialog from './FileListDialog';
import { fileListsList, useDeleteFileList } from './useFileLists';

export default function FileListsPage() {
  const { t } = useTranslation();
  const list = usePagedList(fileListsList);
  const del = useConfirmedDelete<FileList>(useDeleteFileList(), t('fileLists.toasts.deleted'));
  const [dialog, setDialog] = useState<{ fileList?: FileList } | null>(null);

  return (
    <PageContainer
      title={t('fileLists.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="file-lists-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="file-list-add">
            {t('fileLists.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="file-lists-table"
        emptyText={list.search ? t('fileLists.noMatch') : t('fileLists.empty')}
        rowProps={(row) => ({ 'data-testid': 'file-list-row', 'data-file-list-id': row.id })}
        columns={[
          {
            label: t('fileLists.table.name'),
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (row) => row.name,
          },
          {
            label: t('fileLists.table.options'),
            align: 'center',
            testId: 'file-list-option-count',
            cell: (row) => row.options.length,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="file-list"
                onEdit={() => setDialog({ fileList: row })}
                onDelete={() => del.ask(row)}
              />
            ),
          },
        ]}
      />
      {dialog && <FileListDialog fileList={dialog.fileList} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('fileLists.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('fileLists.confirmDelete.text')}
      />
    </PageContainer>
  );
}
