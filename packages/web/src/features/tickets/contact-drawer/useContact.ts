/** One contact, read fresh for the drawer and kept live by `company-{id}-contact`. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactUpdateBody, TicketDetail } from '@balcao/contracts';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';

export const contactKey = (id: number) => ['contacts', 'one', id] as const;

export function useContact(id: number, enabled: boolean) {
  const qc = useQueryClient();
  useCompanyEvent('contact', (event) => {
    if (event.action === 'update' && event.contact.id === id) qc.setQueryData(contactKey(id), event.contact);
  });
  return useQuery({
    queryKey: contactKey(id),
    queryFn: () => api.get<Contact>(`/contacts/${id}`),
    enabled,
  });
}

/** Saves the contact; the open ticket and the lists show the new name at once. */
export function useSaveContact(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactUpdateBody) => api.put<Contact>(`/contacts/${id}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(contactKey(id), saved);
      qc.setQueriesData<TicketDetail>({ queryKey: ['tickets', 'one'] }, (old) =>
        old && old.contactId === id ? { ...old, contact: { ...old.contact, ...saved } } : old,
      );
      void qc.invalidateQueries({ queryKey: ['tickets', 'list'] });
    },
  });
}
