import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Queue, User } from '@balcao/contracts';

/** `GET /queue` (a bare array). The queues module may not exist yet: failures give []. */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['queues'],
    queryFn: async () => {
      try {
        const list = await api.get<Queue[]>('/queue');
        return Array.isArray(list) ? list : [];
      } catch {
        return [] as Queue[];
      }
    },
    enabled,
    retry: false,
  });
}

export function useUser(userId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'one', userId],
    queryFn: () => api.get<User>(`/users/${userId}`),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
