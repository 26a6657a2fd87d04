import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContactList,
  ContactListItem,
  ContactListItemPage,
  ContactListPage,
  ContactListUploadResult,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The lists page: `GET /contact-lists?searchParam=&pageNumber=` → `{records, count, hasMore}`,
 * kept in step with `company-{id}-contactList` (lists are by name: a new one reads them again).
 */
export const contactListsList: PagedListSpec<ContactListPage, 'records', 'contactList'> = {
  key: ['contactLists', 'paged'],
  path: '/contact-lists',
  rowsKey: 'records',
  topic: 'contactList',
  read: (e) =>
    e.action === 'delete' ? { type: 'remove', id: e.contactListId } : { type: 'upsert', row: e.contactList },
  newRows: 'refetch',
};

/**
 * One list's items: `GET /contact-list-items?contactListId=` → `{contacts, count, hasMore}`. The
 * `contactListItem` topic carries every list's events: this one keeps its list's, and reads the
 * list again on `reload` (an import's end); `progress` is the import dialog's.
 */
export function contactListItemsList(
  contactListId: number,
): PagedListSpec<ContactListItemPage, 'contacts', 'contactListItem'> {
  return {
    key: ['contactListItems', contactListId],
    path: '/contact-list-items',
    rowsKey: 'contacts',
    topic: 'contactListItem',
    read: (e) => {
      if (e.contactListId !== contactListId || e.action === 'progress') return null;
      if (e.action === 'reload') return { type: 'reload' };
      if (e.action === 'delete') return { type: 'remove', id: e.id };
      return { type: 'upsert', row: e.record };
    },
    newRows: 'refetch',
  };
}

export const useContactList = (id: number) =>
  useQuery({ queryKey: ['contactLists', 'one', id], queryFn: () => api.get<ContactList>(`/contact-lists/${id}`) });

/** `POST /contact-lists` or `PUT /contact-lists/{id}`. */
export function useSaveContactList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: { name: string } }) =>
      id ? api.put<ContactList>(`/contact-lists/${id}`, body) : api.post<ContactList>('/contact-lists', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['contactLists'] }),
  });
}

export const useDeleteContactList = () => useDeleteRow(contactListsList);

/** `POST /contact-list-items` or `PUT /contact-list-items/{id}`; the list's count changes too. */
export function useSaveContactListItem(contactListId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id
        ? api.put<ContactListItem>(`/contact-list-items/${id}`, body)
        : api.post<ContactListItem>('/contact-list-items', { ...body, contactListId }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['contactListItems', contactListId] });
      void qc.invalidateQueries({ queryKey: ['contactLists'] });
    },
  });
}

export const useDeleteContactListItem = (contactListId: number) =>
  useDeleteRow(contactListItemsList(contactListId), (qc) => void qc.invalidateQueries({ queryKey: ['contactLists'] }));

/** `POST /contact-lists/{id}/upload` (multipart `file`): answers once every row is stored or refused. */
export function useImportContactList(contactListId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ContactListUploadResult>(`/contact-lists/${contactListId}/upload`, form);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['contactListItems', contactListId] });
      void qc.invalidateQueries({ queryKey: ['contactLists'] });
    },
  });
}

/** Where the example sheet is served (packages/web/public): the columns an import reads. */
export const EXAMPLE_SHEET_URL = '/examples/contact-list.xlsx';
