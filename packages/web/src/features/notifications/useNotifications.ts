/**
 * The pop-over's tickets: `GET /tickets/notifications` (the newest 40 of the tickets waiting for
 * this user, and how many there are in all), kept live from `company-{id}-ticket` and
 * `company-{id}-appMessage` after `joinNotification`; a new customer message on a listed ticket
 * rings and pops a browser notification (see notificationRules.ts for who hears what).
 *
 * The badge's count: while every waiting ticket is held (40 or fewer) the held list is exact and
 * followed live; past that, the tickets beyond the page cannot be told apart from new ones, so
 * the count is read again (at most once a second) after an event that may change it.
 */
import { useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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

  const qc = useQueryClient();
  const key = ['notifications', me.id];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TicketPage>('/tickets/notifications', undefined, { signal }),
  });
  useEffect(() => {
    if (query.data) setTickets(query.data.tickets.filter((ticket) => isNotified(ticket, latest.current.me)));
  }, [query.data]);
  // How many wait beyond the page the server sent (0 when it sent them all).
  const beyond = query.data ? Math.max(0, query.data.count - query.data.tickets.length) : 0;
  const recount = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recountSoon = () => {
    if (beyond === 0 || recount.current) return;
    recount.current = setTimeout(() => {
      recount.current = null;
      void qc.invalidateQueries({ queryKey: key });
    }, 1000);
  };
  useEffect(() => () => clearTimeout(recount.current ?? undefined), []);

  useEffect(() => joinRoom(CLIENT_EVENTS.joinNotification), []);

  useCompanyEvent('ticket', (data) => {
    recountSoon();
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

  return { tickets, count: tickets.length + beyond, loading: query.isLoading };
}
