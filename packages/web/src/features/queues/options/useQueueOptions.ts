import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { QueueOption } from '@balcao/contracts';

/** A level of the tree: the top (`parentId` null, sent as -1) or one option's children. */
export const levelKey = (queueId: number, parentId: number | null) =>
  ['queue-options', queueId, parentId ?? -1] as const;

const byPosition = (a: QueueOption, b: QueueOption) => Number(a.option) - Number(b.option) || a.id - b.id;

/** `GET /queue-options?queueId=&parentId=` (a bare array), in menu order. */
export function useOptionLevel(queueId: number, parentId: number | null, enabled = true) {
  return useQuery({
    queryKey: levelKey(queueId, parentId),
    queryFn: async ({ signal }) => {
      const list = await api.get<QueueOption[]>('/queue-options', { queueId, parentId: parentId ?? -1 }, { signal });
      return [...list].sort(byPosition);
    },
    enabled,
    staleTime: 0,
  });
}

export interface OptionText {
  title: string;
  message: string;
}

/** Adds, renames/rewrites and deletes options; the server renumbers siblings after a delete. */
export function useOptionMutations(queueId: number, parentId: number | null) {
  const qc = useQueryClient();
  const key = levelKey(queueId, parentId);
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: (text: OptionText) => api.post<QueueOption>('/queue-options', { queueId, parentId, ...text }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...text }: OptionText & { id: number }) => api.put<QueueOption>(`/queue-options/${id}`, text),
      onSuccess: (saved) => {
        qc.setQueryData<QueueOption[]>(key, (old) => old?.map((o) => (o.id === saved.id ? { ...o, ...saved } : o)));
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/queue-options/${id}`),
      onSuccess: (_r, id) => {
        // Its subtree is gone too: forget the cached levels below it.
        qc.removeQueries({ queryKey: levelKey(queueId, id) });
        return refresh();
      },
    }),
  };
}
