/**
 * The lists the ticket area picks from: queues, tags, users, connections. Queues and tags come
 * with their own modules; until those answer, the area still works (the user's own queues, no
 * tags).
 */
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { api } from '../../lib/api';
import type { Connection, Queue, QueueRef, TagOption } from '@balcao/contracts';
import { fetchUsers } from './ticketsApi';

const FIVE_MINUTES = 5 * 60_000;

/** A bare-array list, or [] when the endpoint is not there (yet) or fails. */
async function listOrEmpty<T>(path: string): Promise<T[]> {
  try {
    const data = await api.get<T[]>(path);
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/** The company's queues (`GET /queue`), else the user's own. */
export function useQueues() {
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: ['queues'],
    queryFn: () => listOrEmpty<Queue>('/queue'),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
  const queues: QueueRef[] = query.data && query.data.length > 0 ? query.data : user.queues;
  return { ...query, queues };
}

/** The queues a person works: admins every queue, others their own (foundation §6). */
export function useMyQueues() {
  const user = useCurrentUser();
  const { queues, isLoading } = useQueues();
  return { queues: user.profile === 'admin' ? queues : user.queues, isLoading };
}

/** Not `['tags', 'paged', …]`: those are the tags page's paged lists (another shape). */
export const allTagsKey = ['tags', 'all'] as const;

export function useTags() {
  return useQuery({
    queryKey: allTagsKey,
    queryFn: () => listOrEmpty<TagOption>('/tags/list'),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

export function useUserList(enabled = true) {
  return useQuery({ queryKey: ['users', 'list'], queryFn: fetchUsers, staleTime: FIVE_MINUTES, enabled });
}

export function useConnectionList(enabled = true) {
  return useQuery({
    queryKey: ['whatsapp'],
    queryFn: () => listOrEmpty<Connection>('/whatsapp?session=0'),
    staleTime: FIVE_MINUTES,
    enabled,
  });
}
