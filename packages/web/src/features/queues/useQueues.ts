import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
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

/**
 * The select's options from a list of a domain still to come (prompts, integrations): the server
 * has no such route yet (404 …), so no answer type exists for it; the entries that carry an `id`
 * and a `name` become options, anything else none.
 */
async function optionalOptions(path: string, key: string): Promise<Option[]> {
  try {
    const data = await api.get<unknown>(path);
    const list: unknown = Array.isArray(data) ? data : (data as Record<string, unknown> | null)?.[key];
    if (!Array.isArray(list)) return [];
    return list.flatMap((row: { id?: unknown; name?: unknown } | null) =>
      typeof row?.id === 'number' && typeof row.name === 'string' ? [{ value: String(row.id), label: row.name }] : [],
    );
  } catch {
    return [];
  }
}

/** The AI prompts a queue can use (`GET /prompt` → `{prompts}`). */
export function usePromptOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['prompts', 'options'],
    queryFn: () => optionalOptions('/prompt', 'prompts'),
    enabled,
    retry: false,
  });
}

/** The queue integrations (`GET /queueIntegration` → `{queueIntegrations}`). */
export function useIntegrationOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['queueIntegrations', 'options'],
    queryFn: () => optionalOptions('/queueIntegration', 'queueIntegrations'),
    enabled,
    retry: false,
  });
}
