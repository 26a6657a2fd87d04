/**
 * One option's fields (title, message) with its buttons. Used for a saved option (save when
 * changed) and for a new one (save or cancel). Keeps its own text until saved.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { toastError } from '../../../lib/toast';
import { useRoutingFieldError } from '../fieldError';
import type { OptionText } from './useQueueOptions';

interface Props {
  number: string;
  initial: OptionText;
  isNew?: boolean;
  onSave: (text: OptionText) => Promise<unknown>;
  onCancel?: () => void;
  /** Buttons of a saved option (sub-option, delete, expand). */
  actions?: ReactNode;
  testId: string;
}

export function OptionCard({ number, initial, isNew, onSave, onCancel, actions, testId }: Props) {
  const { t } = useTranslation();
  const fieldError = useRoutingFieldError();
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof OptionText, string>>>({});
  const [busy, setBusy] = useState(false);
  const dirty = isNew || text.title !== initial.title || text.message !== initial.message;

  const save = async () => {
    const title = text.title.trim();
    if (!title) return setErrors({ title: 'required' });
    setBusy(true);
    setErrors({});
    try {
      await onSave({ title, message: text.message });
      setText((s) => ({ ...s, title }));
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_VALIDATION' && err.fields) {
        setErrors({ title: err.fields.title, message: err.fields.message });
      } else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId} data-option-number={number}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            minWidth: 32,
            height: 32,
            px: 0.75,
            mt: 0.5,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 600,
            fontSize: 14,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {number}
        </Box>
        <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
          <TextField
            label={t('queues.options.titleField')}
            size="small"
            fullWidth
            autoFocus={isNew}
            value={text.title}
            onChange={(e) => setText((s) => ({ ...s, title: e.target.value }))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (dirty && !busy) void save();
              }
            }}
            error={Boolean(errors.title)}
            helperText={fieldError(errors.title ? { message: errors.title } : undefined)}
          />
          <TextField
            label={t('queues.options.messageField')}
            size="small"
            fullWidth
            multiline
            minRows={2}
            value={text.message}
            onChange={(e) => setText((s) => ({ ...s, message: e.target.value }))}
            error={Boolean(errors.message)}
            helperText={fieldError(errors.message ? { message: errors.message } : undefined)}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {dirty && (
              <Button size="small" variant="contained" disabled={busy} onClick={() => void save()}>
                {t('common.save')}
              </Button>
            )}
            {isNew ? (
              <Button size="small" onClick={onCancel} disabled={busy}>
                {t('common.cancel')}
              </Button>
            ) : (
              dirty && (
                <Button size="small" onClick={() => setText(initial)} disabled={busy}>
                  {t('queues.options.undo')}
                </Button>
              )
            )}
            {actions}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
