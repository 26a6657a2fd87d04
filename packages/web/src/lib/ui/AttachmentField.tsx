/**
 * A record's one attachment, picked here and uploaded when the record is saved: a button picks
 * (or replaces) the file, a chip shows its name as it will be uploaded (spaces as underscores)
 * and removes it. Test ids `{testId}-attach` (the button), `{testId}-file` (the input),
 * `{testId}-attachment` (the chip) and `{testId}-attachment-remove`. `usePendingAttachment`
 * (usePendingAttachment.ts) keeps the picked file, the stored name and the field's error.
 */
import { useRef, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';

interface Props {
  /** The name shown: the picked file's or the stored one. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  testId: string;
  texts: {
    add: string;
    replace: string;
    /** The remove icon's title. */
    remove: string;
    /** The line under the field; none without it. */
    hint?: string;
    /** The line when the field is disabled and holds nothing. */
    none?: string;
  };
  /** The input's `accept`. */
  accept?: string;
  /** The button's icon (a paper clip when not given). */
  icon?: ReactElement;
  /** The chip's icon. */
  chipIcon?: ReactElement;
  /** Shown only: no button, no removing. */
  disabled?: boolean;
  error?: string;
}

export function AttachmentField({
  name,
  onPick,
  onRemove,
  testId,
  texts,
  accept,
  icon = <AttachFileIcon />,
  chipIcon,
  disabled = false,
  error,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const hasLine = texts.hint !== undefined || error !== undefined;
  return (
    <div>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {!disabled && (
          <Button
            variant="outlined"
            startIcon={icon}
            onClick={() => input.current?.click()}
            data-testid={`${testId}-attach`}
          >
            {name ? texts.replace : texts.add}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          data-testid={`${testId}-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        {name && (
          <Chip
            icon={chipIcon}
            label={name.replace(/\s/g, '_')}
            onDelete={disabled ? undefined : onRemove}
            deleteIcon={<CancelIcon titleAccess={texts.remove} data-testid={`${testId}-attachment-remove`} />}
            sx={{ maxWidth: '100%' }}
            data-testid={`${testId}-attachment`}
          />
        )}
      </Stack>
      {hasLine && (
        <FormHelperText error={Boolean(error)}>
          {error ?? (disabled ? (name ? undefined : texts.none) : texts.hint)}
        </FormHelperText>
      )}
    </div>
  );
}
