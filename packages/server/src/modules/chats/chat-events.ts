import { domainEvent, type DomainEvent } from '../../platform/domain-event.js';
import { memberIds, type ChatMessageView, type ChatView } from './chat-view.js';

/**
 * The `chat` topic: a chat's events reach its members only, each through their own room
 * (`company-{id}-chat`); a member removed from a chat hears it deleted. A message and an update
 * are told again on the chat's own channel, `company-{id}-chat-{chatId}`, where the spec's
 * client's chat page listens for the chat it has open (same payload, same members).
 */
export const chatEvents = {
  /** A message: the chat carries every member's unread count, so each updates their own badge. */
  newMessage: (companyId: number, newMessage: ChatMessageView, chat: ChatView): DomainEvent[] => {
    const payload = { action: 'new-message', newMessage, chat } as const;
    const to = { to: 'users', userIds: memberIds(chat) } as const;
    return [
      domainEvent(companyId, 'chat', payload, to),
      domainEvent(companyId, 'chat', payload, to, { channel: chat.id }),
    ];
  },
  /** Created, renamed, members changed, or read (then to `to`, the reader alone). */
  updated: (companyId: number, chat: ChatView, to: readonly number[] = memberIds(chat)): DomainEvent[] => {
    const payload = { action: 'update', chat } as const;
    const audience = { to: 'users', userIds: to } as const;
    return [
      domainEvent(companyId, 'chat', payload, audience),
      domainEvent(companyId, 'chat', payload, audience, { channel: chat.id }),
    ];
  },
  deleted: (companyId: number, chatId: number, to: readonly number[]) =>
    domainEvent(companyId, 'chat', { action: 'delete', chatId, id: chatId }, { to: 'users', userIds: to }),
};
