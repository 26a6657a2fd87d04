/**
 * One open ticket: header with its actions, the thread, the composer and the contact drawer.
 * A ticket the server answers 404 for (another queue, another company, gone) shows the
 * unauthorized toast and goes back to /tickets (operations §4, §8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { isApiError } from '../../../lib/api';
import { toastError, toastErrorText, toastInfo } from '../../../lib/toast';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { Composer } from '../../messages/composer/Composer';
import { TicketTemplatePicker } from '../../messages/composer/TemplatePicker';
import { FormattedText } from '../../messages/format/FormattedText';
import { MessagesThread } from '../../messages/MessagesThread';
import { useTicketActivity } from '../../messages/activity/useTicketActivity';
import { useDeleteMessage, useMessages } from '../../messages/useMessages';
import type { Message, TicketDetail } from '@balcao/contracts';
import { ContactDrawer } from '../contact-drawer/ContactDrawer';
import { fetchTicket } from '../ticketsApi';
import { oneKey } from '../useTicketLists';
import { useTicketNavState } from '../ticketNavigation';
import { useShortcuts } from '../keyboard/useShortcuts';
import { TicketHeader } from './TicketHeader';

const isGone = (err: unknown) => isApiError(err) && (err.status === 404 || err.status === 400);

export function TicketPanel({ ticketRef }: { ticketRef: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: oneKey(ticketRef),
    queryFn: ({ signal }) => fetchTicket(ticketRef, signal),
    retry: (count, err) => !isGone(err) && count < 2,
    staleTime: 0,
  });
  const gone = query.isError && isGone(query.error);

  useEffect(() => {
    if (!gone) return;
    toastErrorText(t('tickets.toasts.unauthorized'));
    navigate('/tickets', { replace: true });
  }, [gone, navigate, t]);

  // The open ticket deleted, or moved out of this user's sight, by someone else.
  const ticketId = query.data?.id;
  const latest = useRef(query);
  latest.current = query;
  useCompanyEvent('ticket', (event) => {
    if (event.action !== 'delete' || event.ticketId !== ticketId) return;
    if (!event.updatedAt) {
      toastInfo(t('tickets.toasts.deletedElsewhere'));
      navigate('/tickets', { replace: true });
    } else {
      void latest.current.refetch();
    }
  });

  if (query.isLoading || gone) return <PageLoader />;
  if (!query.data)
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState onRetry={() => void query.refetch()} />
      </Box>
    );
  return <OpenTicket ticket={query.data} />;
}

function OpenTicket({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const nav = useTicketNavState();
  // r (keyboard/shortcuts.ts) puts the focus in the composer: a new key each time.
  const [replyKey, setReplyKey] = useState<string>();
  useShortcuts({ reply: () => setReplyKey(String(Date.now())) });
  const thread = useMessages(ticket.id);
  const activity = useTicketActivity(ticket.id, ticket.updatedAt);
  const del = useDeleteMessage(ticket.id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [drawer, setDrawer] = useState(false);

  const canDelete = useCallback((m: Message) => m.fromMe && m.userId === me.id, [me.id]);
  const doneReplying = useCallback(() => setReplyTo(null), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      data-testid="ticket-panel"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <TicketHeader ticket={ticket} onShowContact={() => setDrawer(true)} />
      <MessagesThread
        activity={activity}
        thread={thread}
        isGroup={ticket.isGroup}
        canDelete={canDelete}
        onReply={ticket.status === 'open' ? setReplyTo : undefined}
        onDelete={setDeleting}
      />
      {windowClosed(ticket) && ticket.whatsappId !== null ? (
        <TicketTemplatePicker
          key={ticket.id}
          ticketId={ticket.id}
          whatsappId={ticket.whatsappId}
          contact={ticket.contact}
        />
      ) : (
        <Composer
          key={ticket.id}
          ticketId={ticket.id}
          enabled={ticket.status === 'open'}
          replyTo={replyTo}
          onReplyDone={doneReplying}
          focusKey={replyKey ?? (nav.focusComposer ? nav.key : undefined)}
        />
      )}
      <ContactDrawer open={drawer} ticket={ticket} onClose={() => setDrawer(false)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('tickets.thread.confirmDelete')}
        text={deleting?.body ? <FormattedText text={deleting.body.slice(0, 140)} /> : undefined}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** An open Cloud API ticket whose 24-hour window has passed, or never opened: only a template can go. */
const windowClosed = (ticket: TicketDetail) =>
  ticket.status === 'open' &&
  ticket.whatsapp?.provider === 'cloud' &&
  (!ticket.windowExpiresAt || Date.parse(ticket.windowExpiresAt) <= Date.now());
