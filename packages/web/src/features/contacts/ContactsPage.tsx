/**
 * The contacts page (operations §2): search (lower-cased, 500 ms), the table with infinite
 * scroll, add/edit, delete (contacts-page:deleteContact), start a ticket, .xlsx or phone-book
 * import with per-row errors, CSV export. The list follows `company-{id}-contact` live.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { useDebounce } from '../../lib/useDebounce';
import { can } from '../../lib/permissions';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { toastError, toastErrorText, toastSuccess } from '../../lib/toast';
import ContactDialog from './ContactDialog';
import { ContactsActions } from './ContactsActions';
import { ContactsTable } from './ContactsTable';
import { exportContacts } from './exportContacts';
import { ImportDialog } from './ImportDialog';
import StartTicketDialog from './StartTicketDialog';
import { isXlsx, useContactImport } from './useContactImport';
import { useContactsList, useDeleteContact, useLiveContacts } from './useContacts';

export default function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search.trim().toLowerCase());
  const list = useContactsList(searchParam);
  useLiveContacts();
  const del = useDeleteContact();
  const imports = useContactImport();
  const [editing, setEditing] = useState<{ contact?: Contact } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [starting, setStarting] = useState<Contact | null>(null);
  const [exporting, setExporting] = useState(false);

  const contacts = list.data?.pages.flatMap((p) => p.contacts) ?? [];
  const count = list.data?.pages[0]?.count;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toastSuccess(t('contacts.toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportContacts();
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer
      title={count === undefined ? t('contacts.title') : t('contacts.titleCount', { count })}
      actions={
        <ContactsActions
          search={search}
          onSearch={setSearch}
          onImportSheet={(file) =>
            isXlsx(file) ? void imports.fromSheet(file) : toastErrorText(t('contacts.import.onlyXlsx'))
          }
          onImportPhoneBook={() => void imports.fromPhoneBook()}
          onExport={() => void runExport()}
          exporting={exporting}
          onAdd={() => setEditing({})}
        />
      }
    >
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <ContactsTable
          contacts={contacts}
          loading={list.isLoading || list.isFetchingNextPage}
          hasMore={Boolean(list.hasNextPage)}
          canDelete={can(me, 'contacts-page:deleteContact')}
          onLoadMore={() => void list.fetchNextPage()}
          onStartTicket={setStarting}
          onEdit={(contact) => setEditing({ contact })}
          onDelete={setDeleting}
        />
      )}
      {editing && <ContactDialog contact={editing.contact} onClose={() => setEditing(null)} />}
      {starting && <StartTicketDialog contact={starting} onClose={() => setStarting(null)} />}
      {imports.state && (
        <ImportDialog state={imports.state} onConfirm={() => void imports.confirm()} onClose={imports.clear} />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('contacts.confirmDelete.title', { name: deleting?.name ?? '' })}
        text={t('contacts.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
