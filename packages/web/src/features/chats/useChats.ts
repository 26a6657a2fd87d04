/** The caller's chats (newest activity first), page by page; the first page also feeds the top bar. */
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { chatsInOrder } from './chatCache';
import { chatListKey, fetchChats } from './chatsApi';

export function useChats(enabled = true) {
  const query = useInfiniteQuery({
    queryKey: chatListKey,
    queryFn: ({ pageParam, signal }) => fetchChats(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
  const chats = useMemo(() => chatsInOrder(query.data), [query.data]);
  return { ...query, chats };
}
