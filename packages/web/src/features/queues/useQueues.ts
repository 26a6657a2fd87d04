import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { makeCrud } from '../../lib/crud';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { NamedRef, Queue } from './types';

/**
 * `GET /queue` (a bare array), `POST /queue`, `PUT|DELETE /queue/{id}`. The key prefix
 * `queues` is shared with the users' queue picker, so a save refreshes it too.
 */
export const queuesCrud = makeCrud<Queue, Record<string, unknown>>('queues', '/queue', '/queue');

/** Lowest orderQueue first (queues without one last), then by name: the menu's order. */
export const byOrder = (a: Queue, b: Queue) =>
  (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);

/** One queue with every field, for the modal. */
export function useQueue(id: number | undefined) {
  return useQuery({
    queryKey: ['queues', 'one', id],
    queryFn: () => api.get<Queue>(`/queue/${id}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

interface QueueEvent {
  action?: string;
  queue?: Queue;
  queueId?: number | string;
}

/** Keeps the cached queue lists in step with `company-{id}-queue`. */
export function useLiveQueues() {
  const qc = useQueryClient();
  useCompanyEvent<QueueEvent>('queue', (data) => {
    if ((data.action === 'create' || data.action === 'update') && data.queue) {
      const queue = data.queue;
      qc.setQueryData<Queue[]>(
        queuesCrud.queryKey,
        (old) =>
          old &&
          (old.some((q) => q.id === queue.id)
            ? old.map((q) => (q.id === queue.id ? { ...q, ...queue } : q))
            : [...old, queue]
          ).sort(byOrder),
      );
      qc.setQueryData<Queue>(['queues', 'one', queue.id], (old) => old && { ...old, ...queue });
    } else if (data.action === 'delete') {
      const id = Number(data.queueId ?? data.queue?.id);
      qc.setQueryData<Queue[]>(queuesCrud.queryKey, (old) => old?.filter((q) => q.id !== id));
    } else return;
    // The users' queue picker keeps its own copy (`['queues']`).
    void qc.invalidateQueries({ queryKey: ['queues'], exact: true });
  });
}

/** A list the server may not offer yet (404 …): an empty one rather than an error. */
async function optionalList<T>(path: string, key: string): Promise<T[]> {
  try {
    const data = await api.get<Record<string, T[]> | T[]>(path);
    const list = Array.isArray(data) ? data : data?.[key];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The AI prompts a queue can use (`GET /prompt` → `{prompts}`). */
export function usePromptOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['prompts', 'options'],
    queryFn: () => optionalList<NamedRef>('/prompt', 'prompts'),
    enabled,
    retry: false,
  });
}

/** The queue integrations (`GET /queueIntegration` → `{queueIntegrations}`). */
export function useIntegrationOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['queueIntegrations', 'options'],
    queryFn: () => optionalList<NamedRef>('/queueIntegration', 'queueIntegrations'),
    enabled,
    retry: false,
  });
}
