/**
 * The internal chat's calls (operations §7) and where their answers are cached. The chat list's
 * first page is shared by the page and the top bar's pop-over (the same query), and each chat's
 * messages have their own paged query; realtime events patch both (chatCache.ts).
 */
import type { Chat, ChatBody, ChatMessage, ChatMessagePage, ChatPage, ChatUpdateBody } from '@balcao/contracts';
import { api } from '../../lib/api';

export const chatsKey = ['chats'] as const;
export const chatListKey = [...chatsKey, 'list'] as const;
export const chatMessagesKey = (chatId: number) => [...chatsKey, 'messages', chatId] as const;

export const fetchChats = (pageNumber: number, signal?: AbortSignal) =>
  api.get<ChatPage>('/chats', { pageNumber }, { signal });
export const fetchChatMessages = (chatId: number, pageNumber: number, signal?: AbortSignal) =>
  api.get<ChatMessagePage>(`/chats/${chatId}/messages`, { pageNumber }, { signal });
export const sendChatMessage = (chatId: number, message: string) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages`, { message });
export const markChatRead = (chatId: number) => api.post<Chat>(`/chats/${chatId}/read`);
export const saveChat = (id: number | undefined, body: ChatBody | ChatUpdateBody) =>
  id ? api.put<Chat>(`/chats/${id}`, body) : api.post<Chat>('/chats', body);
export const deleteChat = (id: number) => api.delete(`/chats/${id}`);

/** The caller's own unread count in a chat. */
export const myUnreads = (chat: Chat, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
