/**
 * A field for a secret the API answers masked (contracts `secrets.ts`): the mask is shown and
 * sent back unchanged, which keeps the stored secret. Typing into the mask starts a new secret
 * (what was typed after it, or nothing on a deletion), so a mask never gets a secret appended.
 * Hidden like a password, with a button to show it.
 */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import { isMaskedSecret } from '@balcao/contracts';
import { editedSecret } from '../editedSecret';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
  /** Said under the field while it holds the stored (masked) secret. */
  keptHint?: string;
};

export function SecretField({ value, onChange, keptHint, helperText, slotProps, ...props }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const kept = value !== '' && isMaskedSecret(value);
  return (
    <TextField
      {...props}
      value={value}
      type={shown || kept ? 'text' : 'password'}
      onChange={(e) => onChange(editedSecret(value, e.target.value))}
      helperText={helperText ?? (kept ? keptHint : undefined)}
      slotProps={{
        ...slotProps,
        htmlInput: { autoComplete: 'new-password', spellCheck: false, ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: kept ? undefined : (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('common.hideSecret') : t('common.showSecret')}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
