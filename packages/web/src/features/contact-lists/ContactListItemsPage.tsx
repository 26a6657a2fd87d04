/**
 * The contacts of one list (automation §2): the list's name as title, search, back to the lists,
 * import (.xls/.xlsx) with its progress and refused rows, add; columns WhatsApp validity, name,
 * number, email, edit, delete (delete only for contacts-page:deleteContact). Live per list.
 */
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { ContactListItem } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import ContactListItemDialog from './ContactListItemDialog';
import { ImportDialog, type ImportState } from './ImportDialog';
import {
  contactListItemsList,
  useContactList,
  useDeleteContactListItem,
  useImportContactList,
} from './useContactLists';

function Validity({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  const label = t(`contactLists.items.validity.${valid === null ? 'unknown' : valid ? 'valid' : 'invalid'}`);
  const icon =
    valid === null ? (
      <HelpOutlineIcon color="disabled" />
    ) : valid ? (
      <CheckCircleIcon color="success" />
    ) : (
      <CancelIcon color="error" />
    );
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const contactListId = Number(useParams().contactListId);
  const me = useCurrentUser();
  const contactList = useContactList(contactListId);
  const list = usePagedList(contactListItemsList(contactListId), { contactListId });
  const del = useConfirmedDelete<ContactListItem>(
    useDeleteContactListItem(contactListId),
    t('contactLists.items.toasts.deleted'),
  );
  const upload = useImportContactList(contactListId);
  const [dialog, setDialog] = useState<{ item?: ContactListItem } | null>(null);
  const [importing, setImporting] = useState<ImportState | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mayDelete = can(me, 'contacts-page:deleteContact');

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setImporting({ file: file.name });
    upload.mutate(file, {
      onSuccess: (result) => setImporting({ file: file.name, result }),
      onError: (error) => setImporting({ file: file.name, error }),
    });
  };

  return (
    <PageContainer
      title={contactList.data?.name ?? t('contactLists.items.title')}
      actions={
        <>
          <Button
            component={RouterLink}
            to="/contact-lists"
            startIcon={<ArrowBackIcon />}
            data-testid="contact-list-items-back"
          >
            {t('contactLists.items.back')}
          </Button>
          <SearchField value={list.search} onChange={list.setSearch} testId="contact-list-items-search" />
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="contact-list-items-file"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={upload.isPending}
            data-testid="contact-list-items-import"
          >
            {t('contactLists.items.import')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            data-testid="contact-list-item-add"
          >
            {t('contactLists.items.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="contact-list-items-table"
        emptyText={list.search ? t('contactLists.items.noMatch') : t('contactLists.items.empty')}
        rowProps={(row) => ({ 'data-testid': 'contact-list-item-row', 'data-item-id': row.id })}
        columns={[
          {
            label: t('contactLists.items.table.whatsapp'),
            hideLabel: true,
            padding: 'checkbox',
            cell: (row) => <Validity valid={row.isWhatsappValid} />,
          },
          {
            label: t('contactLists.items.table.name'),
            sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 240 },
            cell: (row) => row.name,
          },
          {
            label: t('contactLists.items.table.number'),
            testId: 'contact-list-item-number',
            cell: (row) => row.number,
          },
          { label: t('contactLists.items.table.email'), hideBelow: 'md', cell: (row) => row.email },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="contact-list-item"
                onEdit={() => setDialog({ item: row })}
                onDelete={mayDelete ? () => del.ask(row) : undefined}
              />
            ),
          },
        ]}
      />
      {dialog && (
        <ContactListItemDialog contactListId={contactListId} item={dialog.item} onClose={() => setDialog(null)} />
      )}
      {importing && <ImportDialog contactListId={contactListId} state={importing} onClose={() => setImporting(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('contactLists.items.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('contactLists.items.confirmDelete.text')}
      />
    </PageContainer>
  );
}
