/** The schedule's image (png, jpg, jpeg: operations §5), picked, shown by name and removed; uploaded on save. */
import { useRef } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';

/** Whether a picked file is one of the images a schedule takes. */
export const isScheduleImage = (file: File) =>
  ['image/png', 'image/jpeg'].includes(file.type) && /\.(png|jpe?g)$/i.test(file.name);

interface Props {
  /** The name shown: the new file's or the stored one. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  error?: string;
}

export function ImageField({ name, onPick, onRemove, error }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ImageIcon />} onClick={() => input.current?.click()}>
          {name ? t('schedules.attachment.replace') : t('schedules.attachment.add')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          data-testid="schedule-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        {name && (
          <Chip
            label={name.replace(/\s/g, '_')}
            onDelete={onRemove}
            deleteIcon={
              <CancelIcon titleAccess={t('schedules.attachment.remove')} data-testid="schedule-attachment-remove" />
            }
            sx={{ maxWidth: '100%' }}
            data-testid="schedule-attachment"
          />
        )}
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? t('schedules.hints.attachment')}</FormHelperText>
    </div>
  );
}
