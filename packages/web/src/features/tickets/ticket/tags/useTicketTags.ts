/**
 * Tagging the open ticket: `POST /tags/sync {ticketId, tags}` sets its tags to exactly the
 * list. The change shows at once (the lists and the header read the same cached ticket), the
 * server's answer then replaces it and its ticket event updates other tabs and people. Syncs of
 * one ticket run one after the other, each sending the list as it is after the previous pick.
 * A refused one shows the shared error toast and the ticket is read again.
 */
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { toastError } from '../../../../lib/toast';
import { PALETTE } from '../../../queues/ColorField';
import { fetchTicketById } from '../../ticketsApi';
import { allTagsKey } from '../../useReferenceData';
import { useApplyTicket } from '../../useTicketLists';
import type { Ticket, TicketTag } from '@balcao/contracts';
import { withTag, withoutTag } from './tagChoice';

const byName = (a: TicketTag, b: TicketTag) => a.name.localeCompare(b.name) || a.id - b.id;

export function useTicketTags(ticket: Ticket) {
  const qc = useQueryClient();
  const apply = useApplyTicket();
  const latest = useRef(ticket);
  latest.current = ticket;

  const sync = useMutation({
    scope: { id: `ticket-tags-${ticket.id}` },
    mutationFn: (tags: TicketTag[]) =>
      api.post<Ticket>('/tags/sync', { ticketId: ticket.id, tags: tags.map((t) => ({ id: t.id })) }),
    onSuccess: (view) => apply(view),
    onError: (err) => {
      toastError(err);
      fetchTicketById(ticket.id).then(apply, () => undefined);
    },
  });

  const set = (tags: TicketTag[]) => {
    apply({ ...latest.current, tags });
    sync.mutate(tags);
  };
  const current = () => latest.current.tags ?? [];
  const add = (tag: TicketTag) => {
    const next = withTag(current(), tag);
    if (next !== current()) set(next);
  };
  const remove = (id: number) => set(withoutTag(current(), id));

  const create = useMutation({
    mutationFn: (name: string) =>
      api.post<TicketTag>('/tags', { name, color: PALETTE[Math.floor(Math.random() * PALETTE.length)] }),
    onSuccess: (tag) => {
      qc.setQueryData<TicketTag[]>(allTagsKey, (old) => [...(old ?? []), tag].sort(byName));
      void qc.invalidateQueries({ queryKey: ['tags'] });
      add(tag);
    },
    onError: (err) => toastError(err),
  });

  return { add, remove, create: (name: string) => create.mutate(name), creating: create.isPending };
}
