/**
 * The manager's lists (one infinite query per set of filters) and the one listener that keeps
 * every cached list — and the open ticket — in step with `company-{id}-ticket`.
 */
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  TICKET_STATUSES,
  type SessionUser,
  type Ticket,
  type TicketDetail,
  type TicketPage,
} from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { joinRoom } from '../../lib/socket';
import {
  applyDelete,
  applyRead,
  applyUpdate,
  findTicket,
  flattenTickets,
  type TicketFilters,
  type TicketPages,
  type Viewer,
} from './ticketCache';
import { fetchTicketPage } from './ticketsApi';
import { useLiveTicketTags } from './useLiveTicketTags';

export const listKey = (filters: TicketFilters) => ['tickets', 'list', filters] as const;
export const oneKey = (ref: string) => ['tickets', 'one', ref] as const;

export function viewerOf(user: SessionUser): Viewer {
  return {
    userId: user.id,
    admin: user.profile === 'admin',
    queueIds: user.queues.map((q) => q.id),
    allTicket: user.allTicket === 'enable',
  };
}

export function useTicketList(filters: TicketFilters, enabled = true) {
  const query = useInfiniteQuery<TicketPage, Error, TicketPages, ReturnType<typeof listKey>, number>({
    queryKey: listKey(filters),
    queryFn: ({ pageParam, signal }) => fetchTicketPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    enabled,
  });
  const tickets = useMemo(() => flattenTickets(query.data), [query.data]);
  return { ...query, tickets, count: query.data?.pages[0]?.count ?? 0 };
}

function heldVersion(qc: QueryClient, id: number): Ticket | undefined {
  for (const [, data] of qc.getQueriesData<TicketPages>({ queryKey: ['tickets', 'list'] })) {
    const hit = findTicket(data, id);
    if (hit) return hit;
  }
  for (const [, t] of qc.getQueriesData<TicketDetail>({ queryKey: ['tickets', 'one'] })) {
    if (t?.id === id) return t;
  }
  return undefined;
}

function forEachList(qc: QueryClient, change: (data: TicketPages, filters: TicketFilters) => TicketPages) {
  for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ['tickets', 'list'] })) {
    if (!data) continue;
    const filters = key[2] as TicketFilters;
    const next = change(data, filters);
    if (next !== data) qc.setQueryData(key, next);
  }
}

function putEverywhere(qc: QueryClient, viewer: Viewer, ticket: Ticket) {
  forEachList(qc, (data, filters) => applyUpdate(data, filters, viewer, ticket));
  qc.setQueriesData<TicketDetail>({ queryKey: ['tickets', 'one'] }, (old) =>
    // The open ticket keeps what only `GET /tickets/{id}` carries (email, extra info, rating).
    old && old.id === ticket.id ? { ...old, ...ticket, contact: { ...old.contact, ...ticket.contact } } : old,
  );
}

function dropEverywhere(qc: QueryClient, id: number, updatedAt?: string) {
  forEachList(qc, (data) => applyDelete(data, id, updatedAt));
}

/**
 * Joins the ticket rooms (one per status, again after each reconnection) and applies every
 * ticket event to the cached lists (an update carries the whole ticket).
 */
export function useLiveTickets() {
  const qc = useQueryClient();
  const user = useCurrentUser();
  const viewer = useMemo(() => viewerOf(user), [user]);

  useEffect(() => {
    const leaves = TICKET_STATUSES.map((s) => joinRoom(CLIENT_EVENTS.joinTickets, [s], CLIENT_EVENTS.leaveTickets));
    return () => {
      leaves.forEach((leave) => leave());
      // Out of the rooms the cached lists stop hearing changes: whatever is cached now is stale,
      // so the inbox reads its lists again when it comes back (a ticket may have arrived meanwhile).
      void qc.invalidateQueries({ queryKey: ['tickets'], refetchType: 'none' });
    };
  }, [qc]);
  useLiveTicketTags();

  useCompanyEvent('ticket', (event) => {
    if (event.action === 'updateUnread') {
      const id = event.ticketId;
      forEachList(qc, (data) => applyRead(data, id));
      qc.setQueriesData<TicketDetail>({ queryKey: ['tickets', 'one'] }, (old) =>
        old && old.id === id ? { ...old, unreadMessages: 0 } : old,
      );
      return;
    }
    if (event.action === 'delete') {
      dropEverywhere(qc, event.ticketId, event.updatedAt);
      return;
    }
    // Every update carries the whole ticket; an older version than the one held is ignored.
    const incoming = event.ticket;
    const held = heldVersion(qc, incoming.id);
    if (held && Date.parse(held.updatedAt) > Date.parse(incoming.updatedAt)) return;
    putEverywhere(qc, viewer, incoming);
  });
}

/** Puts a ticket an action answered into every list and the open view at once (its event follows). */
export function useApplyTicket() {
  const qc = useQueryClient();
  const user = useCurrentUser();
  return (ticket: Ticket) => putEverywhere(qc, viewerOf(user), ticket);
}

/** Takes a deleted ticket out of every list. */
export function useDropTicket() {
  const qc = useQueryClient();
  return (id: number) => dropEverywhere(qc, id);
}
