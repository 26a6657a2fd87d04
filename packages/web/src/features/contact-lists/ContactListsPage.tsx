/** Contact lists (automation §2): search, infinite scroll, name and contact count, example sheet, open, edit, delete. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import type { ContactList } from '@balcao/contracts';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import ContactListDialog from './ContactListDialog';
import { contactListsList, EXAMPLE_SHEET_URL, useDeleteContactList } from './useContactLists';

export default function ContactListsPage() {
  const { t } = useTranslation();
  const list = usePagedList(contactListsList);
  const del = useConfirmedDelete<ContactList>(useDeleteContactList(), t('contactLists.toasts.deleted'));
  const [dialog, setDialog] = useState<{ contactList?: ContactList } | null>(null);

  return (
    <PageContainer
      title={t('contactLists.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="contact-lists-search" />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            href={EXAMPLE_SHEET_URL}
            download="lista-de-contatos.xlsx"
            data-testid="contact-lists-example"
          >
            {t('contactLists.example')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            data-testid="contact-list-add"
          >
            {t('contactLists.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="contact-lists-table"
        emptyText={list.search ? t('contactLists.noMatch') : t('contactLists.empty')}
        rowProps={(row) => ({ 'data-testid': 'contact-list-row', 'data-contact-list-id': row.id })}
        columns={[
          {
            label: t('contactLists.table.name'),
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (row) => row.name,
          },
          {
            label: t('contactLists.table.contacts'),
            align: 'center',
            testId: 'contact-list-count',
            cell: (row) => row.contactsCount,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="contact-list"
                onEdit={() => setDialog({ contactList: row })}
                onDelete={() => del.ask(row)}
                leading={
                  <Tooltip title={t('contactLists.openContacts')}>
                    <IconButton
                      component={RouterLink}
                      to={`/contact-lists/${row.id}/contacts`}
                      aria-label={t('contactLists.openContacts')}
                      data-testid="contact-list-open"
                    >
                      <PeopleIcon />
                    </IconButton>
                  </Tooltip>
                }
              />
            ),
          },
        ]}
      />
      {dialog && <ContactListDialog contactList={dialog.contactList} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('contactLists.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('contactLists.confirmDelete.text')}
      />
    </PageContainer>
  );
}
