/** A text message node: its text, with the collected variables at hand. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';
import { FlowTextField } from './FlowTextField';

export default function MessageDialog({ data, onSave, onClose }: NodeDialogProps<'message'>) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(data?.label ?? '');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!label.trim()) return setError(t('flows.validation.emptyMessage'));
    onSave({ label });
  };
  return (
    <NodeDialogFrame type="message" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <FlowTextField
        label={t('flows.fields.message')}
        value={label}
        onChange={setLabel}
        error={error}
        testId="flow-message-text"
        minRows={4}
      />
    </NodeDialogFrame>
  );
}
