import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { Tag } from './types';

interface TagsPage {
  tags: Tag[];
  hasMore: boolean;
}
type TagsData = InfiniteData<TagsPage, number>;

const listKey = ['tags', 'list'] as const;

/** `GET /tags?searchParam=&pageNumber=` → `{tags, hasMore}`, pages from 1. */
export function useTagsList(search: string) {
  return useInfiniteQuery({
    queryKey: [...listKey, search],
    queryFn: ({ pageParam, signal }) =>
      api.get<TagsPage>('/tags', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

function upsert(data: TagsData | undefined, tag: Tag): TagsData | undefined {
  if (!data) return data;
  const found = data.pages.some((p) => p.tags.some((x) => x.id === tag.id));
  const pages = found
    ? data.pages.map((p) => ({ ...p, tags: p.tags.map((x) => (x.id === tag.id ? { ...x, ...tag } : x)) }))
    : data.pages.map((p, i) => (i === 0 ? { ...p, tags: [tag, ...p.tags] } : p));
  return { ...data, pages };
}

function remove(data: TagsData | undefined, id: number): TagsData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, tags: p.tags.filter((x) => x.id !== id) })) };
}

interface TagEvent {
  action?: string;
  tag?: Tag;
  tagId?: number | string;
}

/** Keeps the cached tag lists in step with `company-{id}-tag` (the board has its own copy). */
export function useLiveTags() {
  const qc = useQueryClient();
  useCompanyEvent<TagEvent>('tag', (data) => {
    if ((data.action === 'create' || data.action === 'update') && data.tag) {
      const tag = data.tag;
      qc.setQueriesData<TagsData>({ queryKey: listKey }, (old) => upsert(old, tag));
    } else if (data.action === 'delete') {
      const id = Number(data.tagId ?? data.tag?.id);
      qc.setQueriesData<TagsData>({ queryKey: listKey }, (old) => remove(old, id));
    }
  });
}

/** `POST /tags` or `PUT /tags/{id}`; lists are refetched (a new name may not match a search). */
export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id ? api.put<Tag>(`/tags/${id}`, body) : api.post<Tag>('/tags', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tags'] }),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueriesData<TagsData>({ queryKey: listKey }, (old) => remove(old, id));
      void qc.invalidateQueries({ queryKey: ['kanban'] });
    },
  });
}
