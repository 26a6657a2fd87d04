/**
 * The ticket transitions of operations §4 as the web runs them: `PUT /tickets/{id}` with the
 * body the server reads the transition from. Accepting and reopening keep (or open) the chat;
 * returning, resolving and transferring go back to /tickets. A contact's other live ticket
 * (ERR_OTHER_OPEN_TICKET) is either opened, or — when someone else has it — named in a dialog.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtherOpenTicketError, Ticket, TicketUpdateBody } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { isApiError } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { deleteTicket, updateTicket } from './ticketsApi';
import { toastTransferred } from './transferToast';
import { useQueues } from './useReferenceData';
import { ticketPath, type TicketNavState } from './ticketNavigation';
import { useApplyTicket, useDropTicket } from './useTicketLists';

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen';

const BODY: Record<TicketAction, TicketUpdateBody> = {
  accept: { status: 'open' },
  return: { status: 'pending' },
  resolve: { status: 'closed' },
  reopen: { status: 'open' },
};
const STAYS: Record<TicketAction, boolean> = { accept: true, reopen: true, return: false, resolve: false };

/** The live ticket of ERR_OTHER_OPEN_TICKET's body, if the error is that. */
export function otherOpenTicketOf(err: unknown): Ticket | null | undefined {
  if (!isApiError(err) || err.code !== 'ERR_OTHER_OPEN_TICKET') return undefined;
  const body = err.body as OtherOpenTicketError | undefined;
  return body?.ticket ?? null;
}

/** State for the "someone else has this contact" dialog, and the rule of when it shows. */
export function useOtherOpenTicket() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [other, setOther] = useState<Ticket | null>(null);
  /** True when the error was ERR_OTHER_OPEN_TICKET (then handled: opened or shown). */
  const handle = (err: unknown): boolean => {
    const ticket = otherOpenTicketOf(err);
    if (ticket === undefined) return false;
    if (ticket && ticket.userId !== null && ticket.userId !== me.id) setOther(ticket);
    else if (ticket) navigate(`/tickets/${ticket.uuid}`);
    else toastError(err);
    return true;
  };
  return { other, close: () => setOther(null), handle };
}

export function useTicketActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyTicket();
  const drop = useDropTicket();
  const otherOpen = useOtherOpenTicket();
  const me = useCurrentUser();
  const { queues } = useQueues();

  const update = useMutation({
    mutationFn: ({ ticket, body }: { ticket: Ticket; body: TicketUpdateBody }) => updateTicket(ticket.id, body),
  });
  const remove = useMutation({ mutationFn: (ticket: Ticket) => deleteTicket(ticket.id) });

  const run = async (ticket: Ticket, action: TicketAction) => {
    try {
      const saved = await update.mutateAsync({ ticket, body: BODY[action] });
      apply(saved);
      // Accepting is taking the ticket to answer it: the list follows it to "open", the composer takes the focus.
      const state: TicketNavState | undefined = action === 'accept' ? { accepted: true, focusComposer: true } : undefined;
      if (STAYS[action]) navigate(ticketPath(saved.uuid), { state });
      else navigate('/tickets');
      return true;
    } catch (err) {
      if (!otherOpen.handle(err)) toastError(err);
      return false;
    }
  };

  const transfer = async (ticket: Ticket, body: { queueId: number; userId?: number | null; whatsappId?: number }) => {
    try {
      const saved = await update.mutateAsync({ ticket, body });
      apply(saved);
      const queue = queues.find((q) => q.id === body.queueId)?.name ?? `#${body.queueId}`;
      const stillMine = me.profile === 'admin' || me.queues.some((q) => q.id === body.queueId);
      toastTransferred(
        t('tickets.toasts.transferredTo', { queue }),
        stillMine ? { label: t('tickets.toasts.openTicket'), go: () => navigate(ticketPath(saved.uuid)) } : undefined,
      );
      navigate('/tickets');
      return true;
    } catch (err) {
      if (!otherOpen.handle(err)) toastError(err);
      return false;
    }
  };

  const destroy = async (ticket: Ticket) => {
    try {
      await remove.mutateAsync(ticket);
      drop(ticket.id);
      toastSuccess(t('tickets.toasts.deleted'));
      navigate('/tickets');
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  return {
    run,
    transfer,
    destroy,
    busy: update.isPending || remove.isPending,
    otherOpen,
  };
}
