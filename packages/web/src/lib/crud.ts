import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useConfirmedDelete } from './ui/useConfirmedDelete';

/**
 * List + save + delete hooks for the simple resources read whole (queues, plans, helps, companies):
 * `GET listPath` (bare array), `POST base`, `PUT base/{id}`, `DELETE base/{id}`.
 */
export function makeCrud<T extends { id: number }, Body>(key: string, listPath: string, base: string) {
  const queryKey = [key, 'all'] as const;
  return {
    queryKey,
    useList: (enabled = true) => useQuery({ queryKey, queryFn: () => api.get<T[]>(listPath), enabled }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: number; body: Body }) =>
          id ? api.put<T>(`${base}/${id}`, body) : api.post<T>(base, body),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }),
      });
    },
    useDelete,
    /**
     * The admin tabs' shared state: the row being edited in the form above the table, and the
     * confirmed delete (`del`, for <ConfirmDialog>); the form lets go of a row it deletes.
     */
    useEditAndDelete(deletedText: string) {
      const [editing, setEditing] = useState<T | null>(null);
      const del = useConfirmedDelete<T>(useDelete(), deletedText, (row) =>
        setEditing((e) => (e?.id === row.id ? null : e)),
      );
      return { editing, setEditing, del };
    },
  };

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => api.delete(`${base}/${id}`),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }),
    });
  }
}
