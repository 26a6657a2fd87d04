import { z } from 'zod';
import { editOf, pageNumber, pageQuery, ref, text } from './common.js';

/**
 * The team's internal chat (ARCHITECTURE.md, "Internal chat"): chats between members of one
 * company; only members see a chat, its messages and its events; the owner edits and deletes.
 */

export const CHAT_MAX_MEMBERS = 200;
export const CHAT_MESSAGE_MAX_LENGTH = 4096;

/** `POST /chats`: a title and at least one other member; the caller owns it and is a member. */
export const chatBody = z.object({
  title: text().trim().min(1, 'required').max(100, 'tooLong'),
  users: z
    .array(z.object({ id: ref('users') }))
    .min(1, 'required')
    .max(CHAT_MAX_MEMBERS, 'tooMany'),
});
export type ChatBody = z.infer<typeof chatBody>;

/** `PUT /chats/{id}` (owner): title and/or members (the whole new list; the owner always stays). */
export const chatUpdateBody = editOf(chatBody);
export type ChatUpdateBody = z.infer<typeof chatUpdateBody>;

/** `GET /chats`: the caller's chats, newest activity first. */
export const chatsQuery = pageQuery;

/** `GET /chats/{id}/messages`: newest first, 20 a page (the web shows them oldest first). */
export const chatMessagesQuery = z.object({ pageNumber });

/** `POST /chats/{id}/messages`. */
export const chatMessageBody = z.object({
  message: text().trim().min(1, 'required').max(CHAT_MESSAGE_MAX_LENGTH, 'tooLong'),
});

// `POST /chats/{id}/read` takes no body: the caller read everything (a `userId` sent by the
// spec's web is ignored; whose count clears is the session's, never the request's).

export interface ChatMember {
  userId: number;
  /** Messages since this member last read the chat. */
  unreads: number;
  user: { id: number; name: string };
}

export interface Chat {
  id: number;
  uuid: string;
  title: string;
  /** Null once the owner's account is deleted: the chat stays, and nobody edits or deletes it. */
  ownerId: number | null;
  users: ChatMember[];
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChatMessage {
  id: number;
  chatId: number;
  /** Null once the sender's account is deleted (the message stays). */
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
}

export interface ChatPage {
  records: Chat[];
  count: number;
  hasMore: boolean;
}

export interface ChatMessagePage {
  records: ChatMessage[];
  count: number;
  hasMore: boolean;
}
