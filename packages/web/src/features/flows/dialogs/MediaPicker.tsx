/** Picks one file of a media kind, checked against its limits before anything goes up. */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { acceptOf, checkMedia, MEDIA_LIMITS, type MediaKind } from '../editor/mediaLimits';

export function MediaPicker({
  kind,
  inContent = false,
  fileName,
  error,
  onPick,
  onError,
}: {
  kind: MediaKind;
  inContent?: boolean;
  /** The picked or stored file's name. */
  fileName?: string;
  error?: string;
  onPick: (file: File) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pick = (file: File | undefined) => {
    if (!file) return;
    const checked = checkMedia(file, kind, inContent);
    if (checked.ok) onPick(file);
    else if (checked.error === 'tooLarge') onError(t('flows.media.tooLarge', { mb: checked.maxMb }));
    else onError(kind === 'video' ? t('flows.media.mp4Only') : t('validation.unsupportedType'));
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" htmlFor={id} variant="outlined" size="small" startIcon={<UploadIcon />}>
          {fileName ? t('flows.media.replace') : t('flows.media.pick')}
        </Button>
        <input
          id={id}
          type="file"
          hidden
          accept={acceptOf(kind, inContent)}
          data-testid={`flow-media-file-${kind}`}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {fileName && (
          <Typography variant="body2" noWrap sx={{ minWidth: 0, flex: 1 }} data-testid="flow-media-name">
            {fileName}
          </Typography>
        )}
      </Box>
      <FormHelperText error={Boolean(error)}>
        {error ?? t(`flows.media.limit.${kind}`, { mb: MEDIA_LIMITS[kind].maxMb })}
      </FormHelperText>
    </Box>
  );
}
