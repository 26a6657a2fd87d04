import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { KanbanLanes, KanbanPage, Ticket, TicketTag } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { laneOf, moveTags, OPEN_LANE, type LaneId } from './lanes';

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

const laneTagId = (lane: LaneId) => (lane === OPEN_LANE ? null : lane);

/** The lanes' counts (carried by the first page) with one ticket moved from one lane to another. */
function moveCount(data: TicketsData | undefined, from: LaneId, to: LaneId): TicketsData | undefined {
  const first = data?.pages[0];
  if (!data || !first || from === to) return data;
  const counts = new Map(first.lanes.map((l) => [l.tagId, l.count]));
  counts.set(laneTagId(from), Math.max(0, (counts.get(laneTagId(from)) ?? 0) - 1));
  counts.set(laneTagId(to), (counts.get(laneTagId(to)) ?? 0) + 1);
  const lanes = [...counts].map(([tagId, count]) => ({ tagId, count }));
  return { ...data, pages: [{ ...first, lanes }, ...data.pages.slice(1)] };
}

/** A lane's exact count (`lanes` of the first page), whatever the pages loaded. */
export function laneCount(data: { pages: KanbanPage[] } | undefined, lane: LaneId): number {
  return data?.pages[0]?.lanes.find((l) => l.tagId === laneTagId(lane))?.count ?? 0;
}

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
      const from = laneOf(ticket, laneTags);
      qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) =>
        moveCount(
          patchTicket(old, ticket.id, (t) => ({ ...t, tags: moveTags(t, laneTags, to) })),
          from,
          to,
        ),
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
      // the card; the reload settles whether it is still on this board. Deleted: it goes, and
      // the lanes' counts are read again.
      if (data.updatedAt) return reload(ticketsKey);
      const id = data.ticketId;
      qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) => patchTicket(old, id, () => null));
      return reload(ticketsKey);
    }
    const { ticket } = data;
    const held = qc
      .getQueriesData<TicketsData>({ queryKey: ticketsKey })
      .flatMap(([, d]) => d?.pages.flatMap((p) => p.tickets.filter((t) => t.id === ticket.id)) ?? [])[0];
    if (!held) return reload(ticketsKey);
    const tagIds = (t: Ticket) => t.tags.map((g) => g.id).join(',');
    qc.setQueriesData<TicketsData>({ queryKey: ticketsKey }, (old) =>
      patchTicket(old, ticket.id, (t) => (ticket.status === 'closed' ? null : { ...t, ...ticket })),
    );
    // A card that left the board, or whose tags (so maybe its lane) changed: the counts are read again.
    if (ticket.status === 'closed' || tagIds(held) !== tagIds(ticket)) reload(ticketsKey);
  });
  useCompanyEvent('tag', () => reload(['kanban']));
}
