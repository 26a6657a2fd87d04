/** Where the ticked tickets go: a queue (required) and optionally a user, as the single transfer asks. */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '@balcao/contracts';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';
import { QueueUserPicker } from '../dialogs/QueueUserPicker';
import { useQueues } from '../useReferenceData';

interface Props {
  busy: boolean;
  onClose: () => void;
  onTransfer: (choice: { queueId: number; userId: number | null }) => void;
}

export function BulkTransferDialog({ busy, onClose, onTransfer }: Props) {
  const { t } = useTranslation();
  const { queues } = useQueues();
  const [queueId, setQueueId] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [error, setError] = useState('');
  const submit = () => {
    if (!queueId) setError(t('tickets.transfer.queueRequired'));
    else onTransfer({ queueId: Number(queueId), userId: user?.id ?? null });
  };
  return (
    <FormDialog title={t('tickets.bulk.transferTitle')} testId="bulk-transfer-dialog" maxWidth="xs" onClose={onClose}>
      <FormDialogBody onSubmit={submit} saving={busy} saveTestId="bulk-transfer-save" saveLabel={t('tickets.transfer.save')} dividers={false}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <QueueUserPicker
            queues={queues}
            queueId={queueId}
            onQueueChange={(id) => {
              setQueueId(id);
              setError('');
            }}
            queueError={error}
            autoFocus
            user={{ value: user, onChange: setUser }}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
