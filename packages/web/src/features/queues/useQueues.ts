import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAllPrompts } from '../prompts/usePrompts';
import { useAllQueueIntegrations } from '../queue-integrations/useQueueIntegrations';
import { makeCrud } from '../../lib/crud';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { Queue } from '@balcao/contracts';
import type { Option } from '../../lib/ui/SelectField';

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

/** Keeps the cached queue lists in step with `company-{id}-queue`. */
export function useLiveQueues() {
  const qc = useQueryClient();
  useCompanyEvent('queue', (data) => {
    if (data.action === 'delete') {
      const id = data.queueId;
      qc.setQueryData<Queue[]>(queuesCrud.queryKey, (old) => old?.filter((q) => q.id !== id));
    } else {
      const { queue } = data;
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
    }
    // The users' queue picker keeps its own copy (`['queues']`).
    void qc.invalidateQueries({ queryKey: ['queues'], exact: true });
  });
}

const asOptions = (rows: Array<{ id: number; name: string }> | undefined): Option[] | undefined =>
  rows?.map((r) => ({ value: String(r.id), label: r.name }));

/** The AI prompts a queue (or a connection) can use, by name; none asked when `enabled` is false. */
export function usePromptOptions(enabled: boolean) {
  const query = useAllPrompts(enabled);
  return { data: asOptions(query.data), isLoading: query.isLoading };
}

/** The queue integrations a queue (or a connection) can use, by name. */
export function useIntegrationOptions(enabled: boolean) {
  const query = useAllQueueIntegrations(enabled);
  return { data: asOptions(query.data), isLoading: query.isLoading };
}
