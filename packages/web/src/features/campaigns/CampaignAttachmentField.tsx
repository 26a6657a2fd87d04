/** The campaign's attachment: picked (16 MB at most), shown by name, removed; it goes up once the campaign is saved. */
import { useRef } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The name shown: the picked file's or the stored one. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled: boolean;
  error?: string;
}

export function CampaignAttachmentField({ name, onPick, onRemove, disabled, error }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {!disabled && (
          <Button
            variant="outlined"
            startIcon={<AttachFileIcon />}
            onClick={() => input.current?.click()}
            data-testid="campaign-attach"
          >
            {name ? t('campaigns.attachment.replace') : t('campaigns.attachment.add')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="campaign-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        {name && (
          <Chip
            icon={<AttachFileIcon />}
            label={name.replace(/\s/g, '_')}
            onDelete={disabled ? undefined : onRemove}
            deleteIcon={
              <CancelIcon titleAccess={t('campaigns.attachment.remove')} data-testid="campaign-attachment-remove" />
            }
            sx={{ maxWidth: '100%' }}
            data-testid="campaign-attachment"
          />
        )}
      </Stack>
      <FormHelperText error={Boolean(error)}>
        {error ?? (disabled ? (name ? undefined : t('campaigns.attachment.none')) : t('campaigns.hints.attachment'))}
      </FormHelperText>
    </div>
  );
}
