/** Pick, show and remove a quick message's attachment (the upload happens on save). */
import { useRef } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { uploadName } from './attachment';

interface Props {
  /** The name shown: the new file's (as it will be uploaded) or the stored one. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

export function AttachmentField({ name, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
        {name ? t('quickMessages.attachment.replace') : t('quickMessages.attachment.add')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="quick-message-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick(file);
          e.target.value = '';
        }}
      />
      {name && (
        <Chip
          label={uploadName(name)}
          onDelete={onRemove}
          deleteIcon={
            <CancelIcon
              titleAccess={t('quickMessages.attachment.remove')}
              data-testid="quick-message-attachment-remove"
            />
          }
          sx={{ maxWidth: '100%' }}
          data-testid="quick-message-attachment"
        />
      )}
    </Stack>
  );
}
