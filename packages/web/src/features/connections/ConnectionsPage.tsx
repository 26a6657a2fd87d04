/**
 * The connections page (foundation §2): the company's WhatsApp connections with their live
 * session state, the session buttons (§4), the form, the QR code and the confirmations.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { toastError } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PageContainer } from '../../lib/ui/PageContainer';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
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
import type { Connection } from '@balcao/contracts';

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = useConnections();
  useLiveConnections();
  const session = useSessionAction();
  const del = useConfirmedDelete<Connection>(useDeleteConnection(), t('connections.toasts.deleted'));
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);

  const act = async (w: Connection, action: SessionAction) => {
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
      <ConnectionsTable
        query={list}
        canSession={can(me, 'connections-page:actionButtons')}
        canEdit={can(me, 'connections-page:editOrDeleteConnection')}
        busyId={session.isPending ? (session.variables?.id ?? null) : null}
        onShowQr={(w) => setQrFor(w.id)}
        onAction={(w, action) => void act(w, action)}
        onDisconnect={setDisconnecting}
        onEdit={(w) => setEditing({ id: w.id })}
        onDelete={del.ask}
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
        {...del.dialog}
        title={t('connections.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('connections.confirmDelete.text')}
      />
    </PageContainer>
  );
}
