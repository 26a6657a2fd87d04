/** Applies `company-{id}-tag` edits and deletions to every cached ticket list and open ticket. */
import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { TicketDetail } from '@balcao/contracts';
import { retagPages, retagTicket } from './retag';
import type { TicketPages } from './ticketCache';

export function useLiveTicketTags() {
  const qc = useQueryClient();
  useCompanyEvent('tag', (event) => {
    for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ['tickets', 'list'] })) {
      const next = data && retagPages(data, event);
      if (next && next !== data) qc.setQueryData(key, next);
    }
    qc.setQueriesData<TicketDetail>({ queryKey: ['tickets', 'one'] }, (old) => old && retagTicket(old, event));
  });
}
