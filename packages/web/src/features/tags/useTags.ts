import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagPage } from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The tags page's list: `GET /tags?searchParam=&pageNumber=` → `{tags, hasMore}`, kept in step
 * with `company-{id}-tag` (a new tag goes first; the board has its own copy).
 */
export const tagsList: PagedListSpec<TagPage, 'tags', 'tag'> = {
  key: ['tags', 'paged'],
  path: '/tags',
  rowsKey: 'tags',
  topic: 'tag',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.tagId } : { type: 'upsert', row: e.tag }),
  newRows: 'prepend',
};

/** `POST /tags` or `PUT /tags/{id}`; lists are refetched (a new name may not match a search). */
export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id ? api.put<Tag>(`/tags/${id}`, body) : api.post<Tag>('/tags', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tags'] }),
  });
}

/** The board's lanes are tags: it reads them again. */
export const useDeleteTag = () => useDeleteRow(tagsList, (qc) => void qc.invalidateQueries({ queryKey: ['kanban'] }));
