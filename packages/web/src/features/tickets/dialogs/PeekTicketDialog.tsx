/**
 * Peek (admins, operations §2): a ticket's conversation, read-only, without taking it or
 * opening it. A ticket the server refuses shows 'Acesso não permitido'.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { MessagesThread } from '../../messages/MessagesThread';
import { useMessages } from '../../messages/useMessages';
import type { Ticket } from '@balcao/contracts';

function PeekBody({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const thread = useMessages(ticket.id);
  const refused = thread.isError && isApiError(thread.error) && [403, 404].includes(thread.error.status);
  if (refused)
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid="peek-forbidden">
        {t('common.accessDenied')}
      </Alert>
    );
  return <MessagesThread thread={thread} isGroup={ticket.isGroup} />;
}

export function PeekTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog open={Boolean(ticket)} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} data-testid="peek-dialog">
      <DialogTitle>
        {ticket ? t('tickets.peek.title', { name: ticket.contact?.name ?? '', id: ticket.id }) : ''}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column', height: { xs: '100%', sm: '65vh' } }}>
        {ticket && <PeekBody ticket={ticket} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
