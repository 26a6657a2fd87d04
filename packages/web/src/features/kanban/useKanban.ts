import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { KanbanLanes, KanbanPage, Ticket, TicketTag } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { moveTags, OPEN_LANE, type LaneId } from './lanes';

type TicketsData = InfiniteData<KanbanPage, number>;

const lanesKey = ['kanban', 'lanes'] as const;
const ticketsKey = ['kanban', 'tickets'] as const;

/** The lanes: the company's kanban tags (`GET /tags/kanban` → `{lista}`). */
export function useKanbanLanes() {
  return useQuery({
    queryKey: lanesKey,
    queryFn: async ({ signal }) => (await api.get<KanbanLanes>('/tags/kanban', undefined, { signal })).lista,
  });
}

/**
 * `GET /ticket/kanban?queueIds=[…]&showAll=` → `{tickets, count, hasMore}`. Users see their
 * queues; those allowed to see every ticket ask with showAll (operations §6).
 */
export function useKanbanTickets(queueIds: number[], showAll: boolean) {
  return useInfiniteQuery({
    queryKey: [...ticketsKey, queueIds, showAll],
    queryFn: ({ pageParam, signal }) =>
      api.get<KanbanPage>(
        '/ticket/kanban',
        { queueIds: JSON.stringify(queueIds), showAll, pageNumber: pageParam },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

const patchTicket = (data: TicketsData | undefined, id: number, change: (t: Ticket) => Ticket | null) =>
  data && {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.flatMap((t) => {
        if (t.id !== id) return [t];
        const next = change(t);
        return next ? [next] : [];
      }),
    })),
  };

/**
 * Moves a ticket to a lane: its lane tags go (`DELETE /ticket-tags/{id}`), then the lane's tag
 * is added (`PUT /ticket-tags/{id}/{tagId}`). The card moves at once; a failure reloads.
 */
export function useMoveTicket(laneTags: TicketTag[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, to }: { ticket: Ticket; to: LaneId }) => {
      await api.delete(`/ticket-tags/${ticket.id}`);
      if (to !== OPEN_LANE) await api.put(`/ticket-tags/${ticket.id}/${to}`);
    },
    onMutate: async ({ ticket, to }) => {
      await qc.cancelQueries({ queryKey: ticketsKey });
      qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) =>
        patchTicket(old, ticket.id, (t) => ({ ...t, tags: moveTags(t, laneTags, to) })),
      );
    },
    onError: () => qc.invalidateQueries({ queryKey: ticketsKey }),
  });
}

/**
 * Live board: ticket updates patch their card (a closed or deleted ticket leaves); unknown or
 * moved tickets and tag changes reload the board (coalesced, at most one reload per second).
 */
export function useLiveKanban() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reload = (what: readonly string[]) => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: what });
    }, 1000);
  };
  useCompanyEvent('ticket', (data) => {
    if (data.action === 'updateUnread') return;
    if (data.action === 'delete') {
      // Moved (another status, queue or user: `updatedAt` set): its update follows and patches
      // the card; the reload settles whether it is still on this board. Deleted: it goes.
      if (data.updatedAt) return reload(ticketsKey);
      const id = data.ticketId;
      qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) => patchTicket(old, id, () => null));
      return;
    }
    const { ticket } = data;
    const known = qc
      .getQueriesData<TicketsData>({ queryKey: ticketsKey })
      .some(([, d]) => d?.pages.some((p) => p.tickets.some((t) => t.id === ticket.id)));
    if (!known) return reload(ticketsKey);
    qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) =>
      patchTicket(old, ticket.id, (t) => (ticket.status === 'closed' ? null : { ...t, ...ticket })),
    );
  });
  useCompanyEvent('tag', () => reload(['kanban']));
}
