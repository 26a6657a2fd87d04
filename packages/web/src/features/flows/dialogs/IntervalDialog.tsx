/** A pause: 1 to 120 seconds (automation §5). */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FLOW_INTERVAL_MAX_SECONDS } from '@balcao/contracts';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

export default function IntervalDialog({ data, onSave, onClose }: NodeDialogProps<'interval'>) {
  const { t } = useTranslation();
  const [sec, setSec] = useState(data ? String(data.sec) : '');
  const [error, setError] = useState<string>();
  const submit = () => {
    const n = Number(sec);
    if (!sec.trim() || !Number.isInteger(n) || n <= 0) return setError(t('flows.validation.intervalRequired'));
    if (n > FLOW_INTERVAL_MAX_SECONDS) return setError(t('flows.validation.intervalMax'));
    onSave({ sec: n, label: `Intervalo ${n} seg` });
  };
  return (
    <NodeDialogFrame type="interval" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <TextField
        label={t('flows.fields.seconds')}
        type="number"
        value={sec}
        onChange={(e) => setSec(e.target.value)}
        fullWidth
        autoFocus
        margin="dense"
        error={Boolean(error)}
        helperText={error ?? t('flows.fields.secondsHint', { max: FLOW_INTERVAL_MAX_SECONDS })}
        slotProps={{
          htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS, step: 1, 'data-testid': 'flow-interval-sec' },
        }}
      />
    </NodeDialogFrame>
  );
}
