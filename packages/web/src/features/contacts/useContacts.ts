import type { QueryClient } from '@tanstack/react-query';
import type { Contact, ContactUploadResult } from '@balcao/contracts';
import { api } from '../../lib/api';
import { readActionEvent, type PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The contacts page's list: `GET /contacts?searchParam=&pageNumber=` → `{contacts, hasMore,
 * count}`, kept in step with `company-{id}-contact`: a change to a shown contact is patched in,
 * any other makes the lists read again (it may not match the search), a delete takes it out and
 * lowers the count, `reload` (an import elsewhere) reads again.
 */
export const contactsList: PagedListSpec<Contact, 'contacts'> = {
  key: ['contacts', 'paged'],
  path: '/contacts',
  rowsKey: 'contacts',
  topic: 'contact',
  read: readActionEvent<Contact>('contact', 'contactId'),
  newRows: 'refetch',
};

export const useDeleteContact = () => useDeleteRow(contactsList);

/** After a save or an import the lists refetch (the answer may not match every search). */
export const invalidateContacts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['contacts'] });

/** `POST /contacts/import`: the phone book of the company's default connection. */
export const importPhoneBook = () => api.post<ContactUploadResult>('/contacts/import', {});
