/**
 * `GET /tickets/{id}/activity`. Live: the ticket's own changes arrive by event and change its
 * `updatedAt`, which is part of the key, so the trail is read again then (the old one stays shown
 * meanwhile). A server without the route gives no lines, not an error.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketActivityPage } from '@balcao/contracts';
import { api } from '../../../lib/api';

export function useTicketActivity(ticketId: number, version: string) {
  const query = useQuery({
    queryKey: ['tickets', 'activity', ticketId, version],
    queryFn: ({ signal }) => api.get<TicketActivityPage>(`/tickets/${ticketId}/activity`, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return query.data?.records ?? [];
}
