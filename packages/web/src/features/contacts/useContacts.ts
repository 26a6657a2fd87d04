import type { QueryClient } from '@tanstack/react-query';
import type { ContactPage, ContactUploadResult } from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The contacts page's list: `GET /contacts?searchParam=&pageNumber=` → `{contacts, hasMore,
 * count}`, kept in step with `company-{id}-contact`: a change to a shown contact is patched in,
 * any other makes the lists read again (it may not match the search), a delete takes it out and
 * lowers the count, `reload` (an import elsewhere) reads again.
 */
export const contactsList: PagedListSpec<ContactPage, 'contacts', 'contact'> = {
  key: ['contacts', 'paged'],
  path: '/contacts',
  rowsKey: 'contacts',
  topic: 'contact',
  read: (e) => {
    if (e.action === 'delete') return { type: 'remove', id: e.contactId };
    if (e.action === 'reload') return { type: 'reload' };
    return { type: 'upsert', row: e.contact };
  },
  newRows: 'refetch',
};

export const useDeleteContact = () => useDeleteRow(contactsList);

/** After a save or an import the lists refetch (the answer may not match every search). */
export const invalidateContacts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['contacts'] });

/** `POST /contacts/import`: the phone book of the company's default connection. */
export const importPhoneBook = () => api.post<ContactUploadResult>('/contacts/import', {});
