import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { User } from '../../lib/types';
import { useCompanyEvent } from '../../app/providers/SocketProvider';

interface UsersPage {
  users: User[];
  hasMore: boolean;
}
type UsersData = InfiniteData<UsersPage, number>;

const listKey = ['users', 'list'] as const;

/** `GET /users?searchParam=&pageNumber=` → `{users, hasMore}`, pages from 1. */
export function useUsersList(search: string) {
  return useInfiniteQuery({
    queryKey: [...listKey, search],
    queryFn: ({ pageParam, signal }) =>
      api.get<UsersPage>('/users', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

function upsert(data: UsersData | undefined, user: User): UsersData | undefined {
  if (!data) return data;
  const found = data.pages.some((p) => p.users.some((u) => u.id === user.id));
  const pages = found
    ? data.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.id === user.id ? { ...u, ...user } : u)) }))
    : data.pages.map((p, i) => (i === 0 ? { ...p, users: [user, ...p.users] } : p));
  return { ...data, pages };
}

function removeUser(data: UsersData | undefined, id: number): UsersData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.filter((u) => u.id !== id) })) };
}

interface UserEvent {
  action?: string;
  user?: User;
  userId?: number | string;
}

/** Keeps every cached user list in step with `company-{id}-user` events. */
export function useLiveUsers() {
  const queryClient = useQueryClient();
  useCompanyEvent<UserEvent>('user', (data) => {
    if ((data.action === 'update' || data.action === 'create') && data.user) {
      const user = data.user;
      queryClient.setQueriesData<UsersData>({ queryKey: listKey }, (old) => upsert(old, user));
    } else if (data.action === 'delete') {
      const id = Number(data.userId ?? data.user?.id);
      queryClient.setQueriesData<UsersData>({ queryKey: listKey }, (old) => removeUser(old, id));
    }
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: (_r, id) => queryClient.setQueriesData<UsersData>({ queryKey: listKey }, (old) => removeUser(old, id)),
  });
}

/** After a save, lists are refetched (the server's answer may not match every search). */
export const invalidateUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['users'] });
