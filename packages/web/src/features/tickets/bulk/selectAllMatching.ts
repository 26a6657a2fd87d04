/**
 * "Select all that match the filter": the bulk route takes ids (at most TICKETS_BULK_MAX), so the
 * list's pages are read until the end or that many.
 */
import { TICKETS_BULK_MAX } from '@balcao/contracts';
import { fetchTicketPage } from '../ticketsApi';
import type { TicketFilters } from '../ticketCache';

export async function allMatchingIds(filters: TicketFilters): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < TICKETS_BULK_MAX; page += 1) {
    const answer = await fetchTicketPage(filters, page);
    for (const t of answer.tickets) if (!ids.includes(t.id)) ids.push(t.id);
    if (!answer.hasMore || answer.tickets.length === 0) break;
  }
  return ids.slice(0, TICKETS_BULK_MAX);
}
