/**
 * The contacts page (operations §2): search (lower-cased, 500 ms), the table with infinite
 * scroll, add/edit, delete (contacts-page:deleteContact), start a ticket, send a Cloud API
 * template (in the contact's live ticket there, or a new one), .xlsx or phone-book
 * import with per-row errors, CSV export. The list follows `company-{id}-contact` live.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { can } from '../../lib/permissions';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PageContainer } from '../../lib/ui/PageContainer';
import { toastError, toastErrorText } from '../../lib/toast';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import ContactDialog from './ContactDialog';
import { ContactsActions } from './ContactsActions';
import { ContactsTable } from './ContactsTable';
import { exportContacts } from './exportContacts';
import { ImportDialog } from './ImportDialog';
import StartTicketDialog from './StartTicketDialog';
import SendTemplateDialog from './SendTemplateDialog';
import { useConnections } from '../connections/useConnections';
import { isXlsx, useContactImport } from './useContactImport';
import { contactsList, useDeleteContact } from './useContacts';

export default function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const list = usePagedList(contactsList);
  const del = useConfirmedDelete<Contact>(useDeleteContact(), t('contacts.toasts.deleted'));
  const imports = useContactImport();
  const [editing, setEditing] = useState<{ contact?: Contact } | null>(null);
  const [starting, setStarting] = useState<Contact | null>(null);
  const [templating, setTemplating] = useState<Contact | null>(null);
  // Templates go through a Cloud API connection: the action shows when the company has one.
  const cloud = (useConnections().data ?? []).filter((c) => c.provider === 'cloud');
  const [exporting, setExporting] = useState(false);

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
      title={list.count === undefined ? t('contacts.title') : t('contacts.titleCount', { count: list.count })}
      actions={
        <ContactsActions
          search={list.search}
          onSearch={list.setSearch}
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
      <ContactsTable
        {...list.table}
        canDelete={can(me, 'contacts-page:deleteContact')}
        onStartTicket={setStarting}
        onSchedule={access.schedules(me) ? (c) => void navigate(`/schedules?contactId=${c.id}`) : undefined}
        onSendTemplate={cloud.length > 0 ? setTemplating : undefined}
        onEdit={(contact) => setEditing({ contact })}
        onDelete={del.ask}
      />
      {editing && <ContactDialog contact={editing.contact} onClose={() => setEditing(null)} />}
      {starting && <StartTicketDialog contact={starting} onClose={() => setStarting(null)} />}
      {templating && (
        <SendTemplateDialog contact={templating} connections={cloud} onClose={() => setTemplating(null)} />
      )}
      {imports.state && (
        <ImportDialog state={imports.state} onConfirm={() => void imports.confirm()} onClose={imports.clear} />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t('contacts.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('contacts.confirmDelete.text')}
      />
    </PageContainer>
  );
}
