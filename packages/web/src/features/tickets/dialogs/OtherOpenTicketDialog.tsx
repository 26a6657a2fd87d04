/** ERR_OTHER_OPEN_TICKET when another attendant has the contact: who, and in which queue (§8). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@balcao/contracts';

export function OtherOpenTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(ticket)} onClose={onClose} maxWidth="xs" fullWidth data-testid="other-open-ticket">
      <DialogTitle>{t('tickets.otherOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('tickets.otherOpen.text', {
            user: ticket?.user?.name ?? '—',
            queue: ticket?.queue?.name ?? t('tickets.noQueue'),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
