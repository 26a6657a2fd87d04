import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

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
    useDelete: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => api.delete(`${base}/${id}`),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }),
      });
    },
  };
}
