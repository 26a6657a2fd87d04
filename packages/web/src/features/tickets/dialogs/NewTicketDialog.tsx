/**
 * A new ticket opened by the attendant (operations §2, §5): a contact (searched from 3
 * characters) and a queue — required unless admin. The contact's other live ticket
 * (ERR_OTHER_OPEN_TICKET) is opened, or named when someone else has it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@balcao/contracts';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { isApiError } from '../../../lib/api';
import { toastError } from '../../../lib/toast';
import { SelectField } from '../../../lib/ui/SelectField';
import { createTicket } from '../ticketsApi';
import { useOtherOpenTicket } from '../useTicketActions';
import { useApplyTicket } from '../useTicketLists';
import { useMyQueues } from '../useReferenceData';
import { ContactSearchField } from './ContactSearchField';
import { OtherOpenTicketDialog } from './OtherOpenTicketDialog';

export function NewTicketDialog({ onClose, contact: initial }: { onClose: () => void; contact?: Contact | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const apply = useApplyTicket();
  const otherOpen = useOtherOpenTicket();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const admin = me.profile === 'admin';
  const { queues } = useMyQueues();
  const [contact, setContact] = useState<Contact | null>(initial ?? null);
  const [queueId, setQueueId] = useState(queues.length === 1 ? String(queues[0]!.id) : '');
  const [errors, setErrors] = useState<{ contact?: string; queue?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems = {
      ...(contact ? {} : { contact: t('validation.required') }),
      ...(!admin && !queueId ? { queue: t('tickets.newTicket.selectQueue') } : {}),
    };
    setErrors(problems);
    if (!contact || Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const ticket = await createTicket({ contactId: contact.id, queueId: queueId ? Number(queueId) : null });
      apply(ticket);
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      if (otherOpen.handle(err)) {
        if (!otherOpenNamed(err, me.id)) onClose();
      } else if (isApiError(err) && err.fields?.queueId) setErrors({ queue: t('tickets.newTicket.selectQueue') });
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth fullScreen={fullScreen} data-testid="new-ticket-dialog">
        <DialogTitle>{t('tickets.newTicket.title')}</DialogTitle>
        <DialogContent>
          <Stack
            component="form"
            id="new-ticket-form"
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <ContactSearchField value={contact} onChange={setContact} error={errors.contact} />
            <SelectField
              name="queueId"
              label={t('tickets.newTicket.queue')}
              value={queueId}
              onChange={(e) => setQueueId(e.target.value)}
              placeholder={admin ? t('tickets.noQueue') : t('tickets.newTicket.selectQueue')}
              options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
              error={Boolean(errors.queue)}
              helperText={errors.queue}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form="new-ticket-form" variant="contained" disabled={busy} data-testid="new-ticket-save">
            {t('tickets.newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <OtherOpenTicketDialog
        ticket={otherOpen.other}
        onClose={() => {
          otherOpen.close();
          onClose();
        }}
      />
    </>
  );
}

/** Whether ERR_OTHER_OPEN_TICKET names someone else's ticket (the dialog then stays to say so). */
function otherOpenNamed(err: unknown, me: number) {
  const body = (isApiError(err) ? err.body : undefined) as { ticket?: { userId: number | null } | null } | undefined;
  const userId = body?.ticket?.userId ?? null;
  return userId !== null && userId !== me;
}
