/**
 * A ticket's thread: `GET /messages/{ticketId}` paged backwards (page 1 holds the newest, each
 * page oldest first), kept live by `company-{id}-appMessage` while the conversation is open
 * (`joinChatBox`). What the composer sends goes into the thread at once; the event that follows
 * finds it there.
 */
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_EVENTS, type Message, type MessagePage, type SentMessages } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api, isApiError } from '../../lib/api';
import { joinRoom } from '../../lib/socket';
import { messagesKey, putMessages, threadOf, type Pages } from './threadCache';

export function useMessages(ticketId: number | undefined) {
  const qc = useQueryClient();
  const query = useInfiniteQuery<MessagePage, Error, Pages, ReturnType<typeof messagesKey>, number>({
    queryKey: messagesKey(ticketId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.get<MessagePage>(`/messages/${ticketId}`, { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    enabled: Boolean(ticketId),
    // A refused ticket (404) will not become visible by asking again.
    retry: (count, err) => !(isApiError(err) && err.status < 500) && count < 2,
    // A reopened conversation starts again from its newest page.
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!ticketId) return;
    return joinRoom(CLIENT_EVENTS.joinChatBox, [ticketId], CLIENT_EVENTS.leaveChatBox);
  }, [ticketId]);

  useCompanyEvent('appMessage', ({ message }) => {
    if (ticketId && message.ticketId === ticketId) putMessages(qc, ticketId, [message]);
  });

  const messages = useMemo(() => threadOf(query.data), [query.data]);
  return { ...query, messages };
}

export interface SendInput {
  body: string;
  files?: File[];
  quotedMsgId?: number;
  signOption: boolean;
}

/** `POST /messages/{ticketId}`: JSON for text, multipart (`medias`) with files. */
export function useSendMessage(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files, quotedMsgId, signOption }: SendInput) => {
      if (files && files.length > 0) {
        const form = new FormData();
        form.append('body', body);
        form.append('signOption', String(signOption));
        if (quotedMsgId) form.append('quotedMsgId', String(quotedMsgId));
        for (const f of files) form.append('medias', f, f.name);
        return api.post<SentMessages>(`/messages/${ticketId}`, form);
      }
      return api.post<SentMessages>(`/messages/${ticketId}`, {
        body,
        signOption,
        ...(quotedMsgId ? { quotedMsg: { id: quotedMsgId } } : {}),
      });
    },
    onSuccess: (answer) => putMessages(qc, ticketId, answer.messages),
  });
}

export function useDeleteMessage(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/messages/${id}`),
    onSuccess: (answer) => putMessages(qc, ticketId, [answer]),
  });
}
