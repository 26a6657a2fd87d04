/** A ticket node: the queue the ticket moves to (the run ends there). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../lib/ui/SelectField';
import { useQueues } from '../../tickets/useReferenceData';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

export default function TicketDialog({ data, onSave, onClose }: NodeDialogProps<'ticket'>) {
  const { t } = useTranslation();
  const { queues } = useQueues();
  const [queueId, setQueueId] = useState(data ? String(data.data.id) : '');
  const [error, setError] = useState<string>();
  const submit = () => {
    const queue = queues.find((q) => String(q.id) === queueId);
    if (!queue) return setError(t('flows.validation.queueRequired'));
    onSave({ data: { id: queue.id, name: queue.name } });
  };
  return (
    <NodeDialogFrame type="ticket" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <SelectField
        name="queueId"
        label={t('flows.fields.queue')}
        value={queueId}
        onChange={(e) => setQueueId(e.target.value)}
        options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
        placeholder={t('flows.fields.chooseQueue')}
        fullWidth
        margin="dense"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': 'flow-ticket-queue' } }}
      />
    </NodeDialogFrame>
  );
}
