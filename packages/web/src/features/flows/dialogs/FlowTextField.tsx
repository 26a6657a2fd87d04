/** A node's text (message, menu, question): multiline, WhatsApp's length, the collected variables at hand. */
import TextField from '@mui/material/TextField';
import { VariableChips } from './VariableChips';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  minRows?: number;
}

export function FlowTextField({ label, value, onChange, error, testId, minRows = 3 }: Props) {
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={minRows}
        fullWidth
        autoFocus
        margin="dense"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': testId, maxLength: 4096 } }}
      />
      <VariableChips onPick={(v) => onChange(value + v)} />
    </>
  );
}
