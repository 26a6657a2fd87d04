/**
 * A new ticket opened by the attendant (operations §2, §5): a contact (searched from 3
 * characters) and a queue — required unless admin. The contact's other live ticket
 * (ERR_OTHER_OPEN_TICKET) is opened, or named when someone else has it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Contact, OtherOpenTicketError } from '@balcao/contracts';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { isApiError } from '../../../lib/api';
import { toastError } from '../../../lib/toast';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';
import { createTicket } from '../ticketsApi';
import { useOtherOpenTicket } from '../useTicketActions';
import { useApplyTicket } from '../useTicketLists';
import { useMyQueues } from '../useReferenceData';
import { ContactSearchField } from '../../contacts/ContactSearchField';
import { OtherOpenTicketDialog } from './OtherOpenTicketDialog';
import { QueueUserPicker } from './QueueUserPicker';

export function NewTicketDialog({ onClose, contact: initial }: { onClose: () => void; contact?: Contact | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const apply = useApplyTicket();
  const otherOpen = useOtherOpenTicket();
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
      <FormDialog title={t('tickets.newTicket.title')} testId="new-ticket-dialog" maxWidth="xs" onClose={onClose}>
        <FormDialogBody
          onSubmit={submit}
          saving={busy}
          saveTestId="new-ticket-save"
          saveLabel={t('tickets.newTicket.save')}
          dividers={false}
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ContactSearchField
              value={contact}
              onChange={setContact}
              error={errors.contact}
              label={t('tickets.newTicket.contact')}
              typeMoreText={t('tickets.newTicket.typeMore')}
              noneText={t('tickets.newTicket.noContacts')}
              testId="contact-search"
              autoFocus
            />
            <QueueUserPicker
              queues={queues}
              queueId={queueId}
              onQueueChange={setQueueId}
              allowNoQueue={admin}
              queueError={errors.queue}
            />
          </Stack>
        </FormDialogBody>
      </FormDialog>
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
  const body = (isApiError(err) ? err.body : undefined) as OtherOpenTicketError | undefined;
  const userId = body?.ticket?.userId ?? null;
  return userId !== null && userId !== me;
}
