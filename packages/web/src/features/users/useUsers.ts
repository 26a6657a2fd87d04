import type { QueryClient } from '@tanstack/react-query';
import type { UserPage } from '@balcao/contracts';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The users page's list: `GET /users?searchParam=&pageNumber=` → `{users, hasMore}`, kept in step
 * with `company-{id}-user` (a new user goes first). Not `['users', 'list']`: that is the
 * ticket screens' whole list (a bare array).
 */
export const usersList: PagedListSpec<UserPage, 'users', 'user'> = {
  key: ['users', 'paged'],
  path: '/users',
  rowsKey: 'users',
  topic: 'user',
  // Presence changes are laid over the rows by usePresenceLive (every list that shows presence).
  read: (e) =>
    e.action === 'presence' ? null : e.action === 'delete' ? { type: 'remove', id: e.userId } : { type: 'upsert', row: e.user },
  newRows: 'prepend',
};

export const useDeleteUser = () => useDeleteRow(usersList);

/** After a save, lists are refetched (the server's answer may not match every search). */
export const invalidateUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['users'] });
