import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Contact, ContactUploadResult } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';

export interface ContactsPage {
  contacts: Contact[];
  hasMore: boolean;
  count: number;
}
type ContactsData = InfiniteData<ContactsPage, number>;

const listKey = ['contacts', 'list'] as const;

/** `GET /contacts?searchParam=&pageNumber=` → `{contacts, hasMore, count}`, pages from 1. */
export function useContactsList(search: string) {
  return useInfiniteQuery({
    queryKey: [...listKey, search],
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactsPage>('/contacts', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

function upsert(data: ContactsData | undefined, contact: Contact): ContactsData | undefined {
  if (!data) return data;
  const found = data.pages.some((p) => p.contacts.some((c) => c.id === contact.id));
  if (!found) return data; // a new contact: the list refetches (it may not match the search)
  const pages = data.pages.map((p) => ({
    ...p,
    contacts: p.contacts.map((c) => (c.id === contact.id ? { ...c, ...contact } : c)),
  }));
  return { ...data, pages };
}

function remove(data: ContactsData | undefined, id: number): ContactsData | undefined {
  if (!data) return data;
  const had = data.pages.some((p) => p.contacts.some((c) => c.id === id));
  if (!had) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      count: Math.max(0, p.count - 1),
      contacts: p.contacts.filter((c) => c.id !== id),
    })),
  };
}

interface ContactEvent {
  action?: string;
  contact?: Contact;
  contactId?: number | string;
}

/**
 * Keeps the cached lists in step with `company-{id}-contact`: an update changes the row in place
 * (a contact not shown yet makes the lists refetch), a delete removes it, and `reload` (an import
 * elsewhere) refetches.
 */
export function useLiveContacts() {
  const queryClient = useQueryClient();
  useCompanyEvent<ContactEvent>('contact', (data) => {
    if (data.action === 'update' && data.contact) {
      const contact = data.contact;
      const known = queryClient
        .getQueriesData<ContactsData>({ queryKey: listKey })
        .some(([, d]) => d?.pages.some((p) => p.contacts.some((c) => c.id === contact.id)));
      if (known) queryClient.setQueriesData<ContactsData>({ queryKey: listKey }, (old) => upsert(old, contact));
      else void queryClient.invalidateQueries({ queryKey: listKey });
    } else if (data.action === 'delete') {
      const id = Number(data.contactId ?? data.contact?.id);
      queryClient.setQueriesData<ContactsData>({ queryKey: listKey }, (old) => remove(old, id));
    } else if (data.action === 'reload') {
      void queryClient.invalidateQueries({ queryKey: listKey });
    }
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contacts/${id}`),
    onSuccess: (_r, id) => queryClient.setQueriesData<ContactsData>({ queryKey: listKey }, (old) => remove(old, id)),
  });
}

/** After a save or an import the lists refetch (the answer may not match every search). */
export const invalidateContacts = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['contacts'] });

/** `POST /contacts/import`: the phone book of the company's default connection. */
export const importPhoneBook = () => api.post<ContactUploadResult>('/contacts/import', {});
