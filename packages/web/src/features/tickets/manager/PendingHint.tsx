/**
 * Under an empty "attending" list: how many tickets wait, and a button to their tab — a new
 * admin's first customer waits there, not here.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function PendingHint({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 2, pb: 3, textAlign: 'center' }} data-testid="pending-hint">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('tickets.empty.pendingWaiting', { count })}
      </Typography>
      <Button variant="outlined" size="small" onClick={onShow} data-testid="pending-hint-show">
        {t('tickets.empty.showPending')}
      </Button>
    </Box>
  );
}
