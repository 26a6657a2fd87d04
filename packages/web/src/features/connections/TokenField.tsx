import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../lib/toast';

/** Copies a text; where the clipboard API is refused, the text is left selected instead. */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return false;
  }
}

/** A read-only value with a copy button (and optionally a regenerate button). */
export function CopyField({
  label,
  value,
  helperText,
  onRegenerate,
  testId,
}: {
  label: string;
  value: string;
  helperText?: string;
  onRegenerate?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const copy = async () => {
    if (await copyText(value, input)) toastSuccess(t('connections.token.copied'));
    else toastError(new Error(t('connections.token.copyFailed')));
  };
  return (
    <TextField
      label={label}
      value={value}
      helperText={helperText}
      fullWidth
      inputRef={setInput}
      data-testid={testId}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false },
        input: {
          sx: { fontFamily: 'monospace', fontSize: 13 },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('connections.token.copy')}>
                <IconButton aria-label={t('connections.token.copy')} onClick={() => void copy()} edge="end">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {onRegenerate && (
                <Tooltip title={t('connections.token.regenerate')}>
                  <IconButton
                    aria-label={t('connections.token.regenerate')}
                    onClick={onRegenerate}
                    edge="end"
                    sx={{ ml: 0.5 }}
                  >
                    <AutorenewIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
