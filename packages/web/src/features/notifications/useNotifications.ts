/**
 * The pop-over's tickets: page 1 of `GET /tickets?withUnreadMessages=true` (the server's scope
 * for this user), kept live from `company-{id}-ticket` and `company-{id}-appMessage` after
 * `joinNotification`; a new customer message on a listed ticket rings and pops a browser
 * notification (see notificationRules.ts for who hears what).
 */
import { useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT_EVENTS, type Ticket, type TicketPage } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api } from '../../lib/api';
import { joinRoom } from '../../lib/socket';
import { desktopNotify, playChime } from './alerts';
import { isNotified, mergeTicket, shouldAlert, withoutTicket } from './notificationRules';

export function useNotifications() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openUuid = useMatch('/tickets/:ticketId')?.params.ticketId;
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const latest = useRef({ me, openUuid, t, navigate });
  useEffect(() => {
    latest.current = { me, openUuid, t, navigate };
  });

  const query = useQuery({
    queryKey: ['notifications', me.id],
    queryFn: ({ signal }) => api.get<TicketPage>('/tickets', { withUnreadMessages: 'true', pageNumber: 1 }, { signal }),
  });
  useEffect(() => {
    if (query.data) setTickets(query.data.tickets.filter((ticket) => isNotified(ticket, latest.current.me)));
  }, [query.data]);

  useEffect(() => joinRoom(CLIENT_EVENTS.joinNotification), []);

  useCompanyEvent('ticket', (data) => {
    if (data.action === 'update') {
      const { ticket } = data;
      setTickets((list) => mergeTicket(list, ticket, latest.current.me));
    } else {
      const id = data.ticketId;
      setTickets((list) => withoutTicket(list, id));
    }
  });

  useCompanyEvent('appMessage', (data) => {
    if (data.action !== 'create') return;
    const { ticket } = data;
    const { me: user, openUuid: open, t: tr } = latest.current;
    if (!shouldAlert(data.message, ticket, user, open, document.visibilityState === 'visible')) return;
    setTickets((list) => mergeTicket(list, ticket, user));
    playChime();
    const body = data.message.body || tr('notifications.media');
    desktopNotify(
      ticket.contact?.name ?? tr('notifications.title'),
      body,
      `ticket-${ticket.id}`,
      () => void latest.current.navigate(`/tickets/${ticket.uuid}`),
    );
  });

  return { tickets, loading: query.isLoading };
}
