/** The ticket calls of operations §7, typed. */
import type {
  Ticket,
  TicketBulkAnswer,
  TicketBulkBody,
  TicketCreateBody,
  TicketDetail,
  TicketPage,
  TicketUpdateBody,
  UserOption,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import type { TicketFilters } from './ticketCache';

const jsonIds = (ids: number[] | undefined) => (ids && ids.length > 0 ? JSON.stringify(ids) : undefined);

export function fetchTicketPage(filters: TicketFilters, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketPage>(
    '/tickets',
    {
      pageNumber,
      status: filters.status,
      searchParam: filters.searchParam || undefined,
      queueIds: jsonIds(filters.queueIds),
      tags: jsonIds(filters.tags),
      users: jsonIds(filters.users),
      whatsappIds: jsonIds(filters.whatsappIds),
      withUnreadMessages: filters.withUnread ? 'true' : undefined,
      orderBy: filters.orderBy && filters.orderBy !== 'recent' ? filters.orderBy : undefined,
      showAll: filters.showAll ? 'true' : undefined,
    },
    { signal },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/tickets/{uuid}` (what the list links to) or `/tickets/{id}`. */
export function fetchTicket(ref: string, signal?: AbortSignal) {
  const path = UUID.test(ref) ? `/tickets/u/${ref}` : `/tickets/${encodeURIComponent(ref)}`;
  return api.get<TicketDetail>(path, undefined, { signal });
}

export const fetchTicketById = (id: number) => api.get<TicketDetail>(`/tickets/${id}`);

export const updateTicket = (id: number, body: TicketUpdateBody) => api.put<Ticket>(`/tickets/${id}`, body);

export const createTicket = (body: Partial<TicketCreateBody> & { contactId: number }) =>
  api.post<Ticket>('/tickets', { status: 'open', ...body });

export const deleteTicket = (id: number) => api.delete(`/tickets/${id}`);

export const fetchUsers = () => api.get<UserOption[]>('/users/list');

/** `POST /tickets/bulk`: each ticket under its single route's rules; the others come back skipped with why. */
export const bulkTickets = (body: TicketBulkBody) => api.post<TicketBulkAnswer>('/tickets/bulk', body);
