import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { QueueRef, User } from '../../lib/types';

/** `GET /queue` (a bare array). The queues module may not exist yet: failures give []. */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['queues'],
    queryFn: async () => {
      try {
        const list = await api.get<QueueRef[]>('/queue');
        return Array.isArray(list) ? list : [];
      } catch {
        return [] as QueueRef[];
      }
    },
    enabled,
    retry: false,
  });
}

export function useUser(userId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'one', userId],
    queryFn: async () => {
      const data = await api.get<User | { user: User }>(`/users/${userId}`);
      return 'user' in data ? data.user : data;
    },
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
