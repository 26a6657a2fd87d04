/** One option of a list: its name, its file (picked, shown by name, removed) and a button that removes the option. */
import { useRef } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../lib/forms';
import { ACCEPTED_FILES } from './pickedFile';

interface Props {
  index: number;
  nameInput: UseFormRegisterReturn;
  nameError?: FieldError;
  /** The name shown: the picked file's or the stored one's. */
  fileName: string | null;
  fileError?: string;
  onPick: (file: File) => void;
  onRemoveFile: () => void;
  onRemove: () => void;
}

export function OptionFields({
  index,
  nameInput,
  nameError,
  fileName,
  fileError,
  onPick,
  onRemoveFile,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={1} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="file-list-option">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...nameInput}
          slotProps={{ htmlInput: { 'data-testid': 'file-list-option-name' } }}
          label={t('fileLists.fields.optionName', { n: index + 1 })}
          size="small"
          fullWidth
          error={Boolean(nameError)}
          helperText={fieldError(nameError)}
        />
        <IconButton
          aria-label={t('fileLists.removeOption', { n: index + 1 })}
          onClick={onRemove}
          data-testid="file-list-option-remove"
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          {fileName ? t('fileLists.file.replace') : t('fileLists.file.add')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPTED_FILES}
          data-testid="file-list-option-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        {fileName && (
          <Chip
            label={fileName.replace(/\s/g, '_')}
            onDelete={onRemoveFile}
            deleteIcon={
              <CancelIcon titleAccess={t('fileLists.file.remove')} data-testid="file-list-option-file-remove" />
            }
            sx={{ maxWidth: '100%' }}
            data-testid="file-list-option-file-name"
          />
        )}
      </Stack>
      {fileError && <FormHelperText error>{fileError}</FormHelperText>}
    </Stack>
  );
}
