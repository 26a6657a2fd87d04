/** A text message node: its text, with the collected variables at hand. */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';
import { VariableChips } from './VariableChips';

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
      <TextField
        label={t('flows.fields.message')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        margin="dense"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': 'flow-message-text', maxLength: 4096 } }}
      />
      <VariableChips onPick={(v) => setLabel((l) => l + v)} />
    </NodeDialogFrame>
  );
}
