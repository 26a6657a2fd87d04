/**
 * A menu: its message and options numbered from 1, one way out each (`a{n}`). Options are added at
 * the end and only the last is removed, so the numbers stay 1..n and the connections keep theirs.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';
import { FlowTextField } from './FlowTextField';

export default function MenuDialog({ data, onSave, onClose }: NodeDialogProps<'menu'>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(data?.message ?? '');
  const [options, setOptions] = useState<string[]>(data?.arrayOption.map((o) => o.value) ?? []);
  const [tried, setTried] = useState(false);
  const messageError = tried && !message.trim() ? t('flows.validation.emptyMessage') : undefined;
  const optionsError = tried && options.length === 0 ? t('flows.validation.menuNeedsOption') : undefined;

  const submit = () => {
    setTried(true);
    if (!message.trim() || options.length === 0 || options.some((o) => !o.trim())) return;
    onSave({ message, arrayOption: options.map((value, i) => ({ number: i + 1, value: value.trim() })) });
  };
  return (
    <NodeDialogFrame type="menu" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <FlowTextField
        label={t('flows.fields.menuMessage')}
        value={message}
        onChange={setMessage}
        error={messageError}
        testId="flow-menu-message"
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('flows.fields.options')}
      </Typography>
      {options.map((value, i) => {
        const last = i === options.length - 1;
        const error = tried && !value.trim();
        return (
          <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }} data-testid="flow-menu-option">
            <Typography sx={{ pt: 2.25, minWidth: 24, fontWeight: 600 }}>{`[${i + 1}]`}</Typography>
            <TextField
              label={t('flows.fields.option', { n: i + 1 })}
              value={value}
              onChange={(e) => setOptions((o) => o.map((v, k) => (k === i ? e.target.value : v)))}
              fullWidth
              margin="dense"
              error={error}
              helperText={error ? t('validation.required') : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'flow-menu-option-value', maxLength: 100 } }}
            />
            {last && (
              <IconButton
                aria-label={t('flows.fields.removeOption', { n: i + 1 })}
                onClick={() => setOptions((o) => o.slice(0, -1))}
                data-testid="flow-menu-option-remove"
                sx={{ mt: 1.5 }}
              >
                <DeleteIcon />
              </IconButton>
            )}
            {!last && <Box sx={{ width: 40, flexShrink: 0 }} />}
          </Box>
        );
      })}
      {optionsError && (
        <Typography color="error" variant="caption" role="alert">
          {optionsError}
        </Typography>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setOptions((o) => [...o, ''])}
          disabled={options.length >= 50}
          data-testid="flow-menu-option-add"
          sx={{ mt: 1 }}
        >
          {t('flows.fields.addOption')}
        </Button>
      </Box>
    </NodeDialogFrame>
  );
}
