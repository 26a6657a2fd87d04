import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import type { QuickMessage } from './types';

interface RecordsPage {
  records: QuickMessage[];
  hasMore: boolean;
}
type RecordsData = InfiniteData<RecordsPage, number>;

export const quickMessagesKey = ['quick-messages'] as const;
const listKey = [...quickMessagesKey, 'list'] as const;

/** `GET /quick-messages?searchParam=&pageNumber=&userId=` → `{records, hasMore}`: mine and the shared ones. */
export function useQuickMessagesList(search: string, userId: number) {
  return useInfiniteQuery({
    queryKey: [...listKey, userId, search],
    queryFn: ({ pageParam, signal }) =>
      api.get<RecordsPage>('/quick-messages', { searchParam: search, pageNumber: pageParam, userId }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

function removeRecord(data: RecordsData | undefined, id: number): RecordsData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, records: p.records.filter((r) => r.id !== id) })) };
}

function patchRecord(data: RecordsData | undefined, record: QuickMessage): RecordsData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      records: p.records.map((r) => (r.id === record.id ? { ...r, ...record } : r)),
    })),
  };
}

interface QuickMessageEvent {
  action?: string;
  record?: QuickMessage;
  id?: number | string;
}

const holds = (data: RecordsData | undefined, id: number) =>
  Boolean(data?.pages.some((p) => p.records.some((r) => r.id === id)));

/**
 * `company-{id}-quickmessage`: a known answer is patched, a deleted one (or one no longer
 * shared) leaves; any other answer reloads the lists (whether it is mine or shared, and matches
 * the search, is the server's call).
 */
export function useLiveQuickMessages() {
  const qc = useQueryClient();
  useCompanyEvent<QuickMessageEvent>('quickmessage', (data) => {
    const record = data.record;
    if (data.action === 'delete') {
      const id = Number(data.id ?? record?.id);
      qc.setQueriesData<RecordsData>({ queryKey: listKey }, (old) => removeRecord(old, id));
    } else if (record && qc.getQueriesData<RecordsData>({ queryKey: listKey }).some(([, d]) => holds(d, record.id))) {
      qc.setQueriesData<RecordsData>({ queryKey: listKey }, (old) => patchRecord(old, record));
    } else if (record) {
      void qc.invalidateQueries({ queryKey: listKey });
    }
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/quick-messages/${id}`),
    onSuccess: (_r, id) => qc.setQueriesData<RecordsData>({ queryKey: listKey }, (old) => removeRecord(old, id)),
  });
}
