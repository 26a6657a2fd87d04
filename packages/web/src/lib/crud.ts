import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { toastError, toastSuccess } from './toast';

/**
 * List + save + delete hooks for the simple operator resources (plans, helps, companies):
 * `GET listPath` (bare array), `POST base`, `PUT base/{id}`, `DELETE base/{id}`.
 */
export function makeCrud<T extends { id: number }, Body>(key: string, listPath: string, base: string) {
  const queryKey = [key, 'all'] as const;
  return {
    queryKey,
    useList: (enabled = true) =>
      useQuery({ queryKey, queryFn: () => api.get<T[]>(listPath), enabled }),
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
     * The admin tabs' shared state: the row being edited, the row waiting for the delete
     * confirmation, and the confirmed delete (toast, and the form let go of a deleted row).
     */
    useEditAndDelete(deletedMessage: string) {
      const del = useDelete();
      const [editing, setEditing] = useState<T | null>(null);
      const [deleting, setDeleting] = useState<T | null>(null);
      const confirmDelete = async () => {
        if (!deleting) return;
        try {
          await del.mutateAsync(deleting.id);
          toastSuccess(deletedMessage);
          if (editing?.id === deleting.id) setEditing(null);
        } catch (err) {
          toastError(err);
        }
        setDeleting(null);
      };
      return { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending: del.isPending };
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
