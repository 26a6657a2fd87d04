/**
 * Starts a ticket with a contact (operations §2 contacts page): the queue is the caller's choice
 * (required unless admin, §5), then `POST /tickets` and on to /tickets/{uuid}. When the contact
 * already has a live ticket (ERR_OTHER_OPEN_TICKET, §8): someone else's is named with its queue;
 * the caller's own, or one nobody holds, is simply opened.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Contact, OtherOpenTicketError, Queue, Ticket } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { api, isApiError } from '../../lib/api';
import { toastError } from '../../lib/toast';
import { SelectField } from '../../lib/ui/SelectField';

export default function StartTicketDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const isAdmin = access.admin(me);
  // A user picks one of their queues; an admin any queue of the company (operations §6).
  const companyQueues = useQuery({
    queryKey: ['start-ticket', 'queues'],
    queryFn: () => api.get<Queue[]>('/queue'),
    enabled: isAdmin,
  });
  const queues = (isAdmin ? companyQueues.data : undefined) ?? me.queues ?? [];
  const [queueId, setQueueId] = useState(!isAdmin && queues.length === 1 ? String(queues[0]!.id) : '');
  const [busy, setBusy] = useState(false);
  const [heldBy, setHeldBy] = useState<Ticket | null>(null);
  const needsQueue = !isAdmin && !queueId;

  const open = (ticket: Ticket) => {
    onClose();
    void navigate(`/tickets/${ticket.uuid}`);
  };

  const start = async () => {
    setBusy(true);
    try {
      open(
        await api.post<Ticket>('/tickets', {
          contactId: contact.id,
          queueId: queueId ? Number(queueId) : null,
          status: 'open',
        }),
      );
    } catch (err) {
      const existing = isApiError(err) && err.code === 'ERR_OTHER_OPEN_TICKET' ? otherTicket(err.body) : null;
      if (existing && existing.userId && existing.userId !== me.id) setHeldBy(existing);
      else if (existing) open(existing);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="start-ticket-dialog">
      <DialogTitle>{t('contacts.startDialog.title', { name: contact.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {heldBy ? (
            <Alert severity="warning" data-testid="other-open-ticket">
              {t('contacts.startDialog.heldBy', {
                user: heldBy.user?.name ?? '',
                queue: heldBy.queue?.name ?? t('contacts.startDialog.noQueue'),
              })}
            </Alert>
          ) : !isAdmin && queues.length === 0 ? (
            <Alert severity="info">{t('contacts.startDialog.noQueues')}</Alert>
          ) : (
            <>
              <DialogContentText>{t('contacts.startDialog.text')}</DialogContentText>
              <SelectField
                name="queueId"
                label={t('contacts.startDialog.queue')}
                value={queueId}
                onChange={(e) => setQueueId(e.target.value)}
                placeholder={isAdmin ? t('contacts.startDialog.noQueue') : t('contacts.startDialog.chooseQueue')}
                options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
                fullWidth
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{heldBy ? t('common.close') : t('common.cancel')}</Button>
        {!heldBy && (
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={busy || needsQueue}
            data-testid="start-ticket-confirm"
          >
            {t('contacts.startDialog.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function otherTicket(body: unknown): Ticket | null {
  return (body as OtherOpenTicketError | undefined)?.ticket ?? null;
}
