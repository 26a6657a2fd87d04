/**
 * Transfer (operations §4): a queue (required), optionally a user — searched from 3 characters —
 * and a connection. A queue without a user leaves the ticket pending in that queue; afterwards
 * the area goes back to /tickets.
 */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';
import { SelectField } from '../../../lib/ui/SelectField';
import { useConnectionList, useQueues } from '../useReferenceData';
import type { Ticket, UserOption } from '@balcao/contracts';
import { QueueUserPicker } from './QueueUserPicker';

export interface TransferChoice {
  queueId: number;
  userId?: number | null;
  whatsappId?: number;
}

interface Props {
  ticket: Ticket;
  busy: boolean;
  onClose: () => void;
  onTransfer: (choice: TransferChoice) => void;
}

export function TransferTicketDialog({ ticket, busy, onClose, onTransfer }: Props) {
  const { t } = useTranslation();
  const { queues } = useQueues();
  const connections = useConnectionList();
  const [queueId, setQueueId] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [whatsappId, setWhatsappId] = useState(ticket.whatsappId ? String(ticket.whatsappId) : '');
  const [error, setError] = useState('');

  const submit = () => {
    if (!queueId) {
      setError(t('tickets.transfer.queueRequired'));
      return;
    }
    const changedConnection = whatsappId && Number(whatsappId) !== ticket.whatsappId;
    onTransfer({
      queueId: Number(queueId),
      userId: user?.id ?? null,
      ...(changedConnection ? { whatsappId: Number(whatsappId) } : {}),
    });
  };

  return (
    <FormDialog title={t('tickets.transfer.title')} testId="transfer-dialog" maxWidth="xs" onClose={onClose}>
      <FormDialogBody
        onSubmit={submit}
        saving={busy}
        saveTestId="transfer-save"
        saveLabel={t('tickets.transfer.save')}
        dividers={false}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <QueueUserPicker
            queues={queues}
            queueId={queueId}
            onQueueChange={(id) => {
              setQueueId(id);
              setError('');
            }}
            queueError={error}
            queueHint={queues.length === 0 ? t('tickets.transfer.noQueues') : undefined}
            autoFocus
            user={{ value: user, onChange: setUser }}
          />
          {(connections.data?.length ?? 0) > 1 && (
            <SelectField
              name="whatsappId"
              label={t('tickets.transfer.connection')}
              value={whatsappId}
              onChange={(e) => setWhatsappId(e.target.value)}
              options={(connections.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
              fullWidth
            />
          )}
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
