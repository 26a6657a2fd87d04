/**
 * A colour picker: the hex code as text, a swatch that opens a palette of preset colours, and
 * the system's own picker for any other colour. Used by queues and tags.
 */
import { useState, type ChangeEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const PALETTE = [
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#673AB7',
  '#3F51B5',
  '#2196F3',
  '#03A9F4',
  '#00BCD4',
  '#009688',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#FFC107',
  '#FF9800',
  '#FF5722',
  '#795548',
  '#607D8B',
  '#9E9E9E',
  '#0B6E4F',
  '#1B1F3B',
];

const isHex = (v: string) => /^#[0-9a-f]{6}$/i.test(v);

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function ColorField({ name, label, value, onChange, onBlur, error, helperText, inputRef }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (color: string) => {
    onChange(color);
    setAnchor(null);
  };
  return (
    <>
      <TextField
        name={name}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        fullWidth
        error={error}
        helperText={helperText}
        slotProps={{
          htmlInput: { maxLength: 9, spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <ButtonBase
                  aria-label={t('queues.color.choose')}
                  aria-haspopup="dialog"
                  onClick={(e) => setAnchor(e.currentTarget)}
                  data-testid="color-swatch-button"
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: value || 'transparent',
                    backgroundImage: value
                      ? 'none'
                      : 'linear-gradient(135deg, transparent 45%, currentColor 45%, currentColor 55%, transparent 55%)',
                    color: 'text.disabled',
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          sx={{ p: 1.5, width: 232 }}
          role="dialog"
          aria-label={t('queues.color.choose')}
          data-testid="color-palette"
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1 }}>
            {PALETTE.map((c) => (
              <ButtonBase
                key={c}
                aria-label={c}
                aria-pressed={value.toUpperCase() === c}
                onClick={() => pick(c)}
                sx={{
                  height: 32,
                  borderRadius: 1,
                  bgcolor: c,
                  outline: value.toUpperCase() === c ? 2 : 0,
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                }}
              />
            ))}
          </Box>
          <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, cursor: 'pointer' }}>
            <Box
              component="input"
              type="color"
              value={isHex(value) ? value : '#2196f3'}
              onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value.toUpperCase())}
              sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
            />
            <Typography variant="body2">{t('queues.color.custom')}</Typography>
          </Box>
        </Box>
      </Popover>
    </>
  );
}

/** A small coloured square (tables). */
export function ColorSwatch({ color, size = 20 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      title={color}
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: 0.75,
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
      }}
    />
  );
}
