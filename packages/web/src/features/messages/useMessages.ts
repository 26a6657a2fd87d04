/**
 * A ticket's thread: `GET /messages/{ticketId}` paged backwards (page 1 holds the newest, each
 * page oldest first), kept live by `company-{id}-appMessage` while the conversation is open
 * (`joinChatBox`). What the composer sends goes into the thread at once; the event that follows
 * finds it there.
 */
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CLIENT_EVENTS, type Message, type MessageChange, type MessagePage, type SentMessages } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api, isApiError } from '../../lib/api';
import { joinRoom } from '../../lib/socket';

export const messagesKey = (ticketId: number) => ['messages', ticketId] as const;
type Pages = InfiniteData<MessagePage, number>;

/** Oldest first, each message once. */
export function threadOf(data: Pages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * A message the thread does not hold yet, from an event's row: its quoted message (named by id)
 * as the thread holds it; no author contact or bot mark unless the event carries them (as the
 * thread showed such rows until read again).
 */
function asThreadMessage(m: MessageChange, data: Pages): Message {
  const q = m.quotedMsgId ? threadOf(data).find((x) => x.id === m.quotedMsgId) : undefined;
  const quotedMsg = q
    ? { id: q.id, body: q.body, fromMe: q.fromMe, mediaType: q.mediaType, mediaUrl: q.mediaUrl, isDeleted: q.isDeleted, contact: q.contact }
    : null;
  return { fromBot: false, contact: null, quotedMsg, ...m };
}

/** Adds new messages to the newest page, or lays them over the held copies. */
export function putMessages(qc: QueryClient, ticketId: number, incoming: MessageChange[]) {
  qc.setQueryData<Pages>(messagesKey(ticketId), (data) => {
    if (!data || data.pages.length === 0) return data;
    let pages = data.pages;
    for (const m of incoming) {
      const where = pages.findIndex((p) => p.messages.some((x) => x.id === m.id));
      if (where >= 0) {
        pages = pages.map((p, i) =>
          i === where ? { ...p, messages: p.messages.map((x) => (x.id === m.id ? { ...x, ...m } : x)) } : p,
        );
      } else {
        const first = pages[0]!;
        const added = asThreadMessage(m, data);
        pages = [{ ...first, messages: [...first.messages, added], count: first.count + 1 }, ...pages.slice(1)];
      }
    }
    return { ...data, pages };
  });
}

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
