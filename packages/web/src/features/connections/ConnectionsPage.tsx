/**
 * The connections page (foundation §2): the company's WhatsApp connections with their live
 * session state, the session buttons (§4), the form, the QR code and the confirmations.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PageContainer } from '../../lib/ui/PageContainer';
import { ConnectionCards } from './ConnectionCards';
import ConnectionDialog from './ConnectionDialog';
import { ConnectionsTable } from './ConnectionsTable';
import { QrCodeDialog } from './QrCodeDialog';
import {
  useConnections,
  useDeleteConnection,
  useLiveConnections,
  useSessionAction,
  type SessionAction,
} from './useConnections';
import type { Whatsapp } from './types';

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = useConnections();
  useLiveConnections();
  const session = useSessionAction();
  const del = useDeleteConnection();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [disconnecting, setDisconnecting] = useState<Whatsapp | null>(null);
  const [deleting, setDeleting] = useState<Whatsapp | null>(null);
  const List = useMediaQuery('(max-width:599.95px)') ? ConnectionCards : ConnectionsTable;

  const act = async (w: Whatsapp, action: SessionAction) => {
    try {
      await session.mutateAsync({ id: w.id, action });
    } catch (err) {
      toastError(err);
    }
  };

  const confirmDisconnect = async () => {
    if (!disconnecting) return;
    await act(disconnecting, 'disconnect');
    setDisconnecting(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toastSuccess(t('connections.toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <PageContainer
      title={t('connections.title')}
      actions={
        can(me, 'connections-page:addConnection') && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({})}
            data-testid="connection-add"
          >
            {t('connections.add')}
          </Button>
        )
      }
    >
      <List
        query={list}
        canSession={can(me, 'connections-page:actionButtons')}
        canEdit={can(me, 'connections-page:editOrDeleteConnection')}
        busyId={session.isPending ? (session.variables?.id ?? null) : null}
        onShowQr={(w) => setQrFor(w.id)}
        onAction={(w, action) => void act(w, action)}
        onDisconnect={setDisconnecting}
        onEdit={(w) => setEditing({ id: w.id })}
        onDelete={setDeleting}
      />
      {editing && <ConnectionDialog connectionId={editing.id} onClose={() => setEditing(null)} />}
      <QrCodeDialog connection={list.data?.find((w) => w.id === qrFor)} onClose={() => setQrFor(null)} />
      <ConfirmDialog
        open={Boolean(disconnecting)}
        title={t('connections.confirmDisconnect.title', { name: disconnecting?.name ?? '' })}
        text={t('connections.confirmDisconnect.text')}
        confirmLabel={t('connections.buttons.disconnect')}
        busy={session.isPending}
        onConfirm={() => void confirmDisconnect()}
        onClose={() => setDisconnecting(null)}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('connections.confirmDelete.title', { name: deleting?.name ?? '' })}
        text={t('connections.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
