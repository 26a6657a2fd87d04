/** One chat's messages: page 1 the newest, older pages on demand; shown oldest first. */
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { messagesInOrder } from './chatCache';
import { chatMessagesKey, fetchChatMessages } from './chatsApi';

export function useChatMessages(chatId: number) {
  const query = useInfiniteQuery({
    queryKey: chatMessagesKey(chatId),
    queryFn: ({ pageParam, signal }) => fetchChatMessages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const messages = useMemo(() => messagesInOrder(query.data), [query.data]);
  return { ...query, messages };
}
