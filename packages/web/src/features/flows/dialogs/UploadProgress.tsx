/** What replaces a dialog's form while its files go up. */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <Box sx={{ py: 4 }} data-testid="flow-upload-progress">
      <Typography gutterBottom>{t('flows.media.uploading', { percent })}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={t('flows.media.uploadingLabel')} />
    </Box>
  );
}
