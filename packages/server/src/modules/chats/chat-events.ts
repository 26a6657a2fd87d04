import { domainEvent } from '../../platform/domain-event.js';
import { memberIds, type ChatMessageView, type ChatView } from './chat-view.js';

/**
 * The `chat` topic: a chat's events reach its members only, each through their own room
 * (`company-{id}-chat`); a member removed from a chat hears it deleted.
 */
export const chatEvents = {
  /** A message: the chat carries every member's unread count, so each updates their own badge. */
  newMessage: (companyId: number, newMessage: ChatMessageView, chat: ChatView) =>
    domainEvent(
      companyId,
      'chat',
      { action: 'new-message', newMessage, chat },
      { to: 'users', userIds: memberIds(chat) },
    ),
  /** Created, renamed, members changed, or read (then to `to`, the reader alone). */
  updated: (companyId: number, chat: ChatView, to: readonly number[] = memberIds(chat)) =>
    domainEvent(companyId, 'chat', { action: 'update', chat }, { to: 'users', userIds: to }),
  deleted: (companyId: number, chatId: number, to: readonly number[]) =>
    domainEvent(companyId, 'chat', { action: 'delete', chatId }, { to: 'users', userIds: to }),
};
