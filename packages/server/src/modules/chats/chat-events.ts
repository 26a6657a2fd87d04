import { domainEvent, type DomainEvent } from '../../platform/domain-event.js';
import { memberIds, type ChatMessageView, type ChatView } from './chat-view.js';

/**
 * The `chat` topic: a chat's events reach its members only, each through their own room
 * (`company-{id}-chat`); a member removed from a chat hears it deleted. A message and an update
 * are told again on the chat's own channel, `company-{id}-chat-{chatId}`, where the spec's
 * client's chat page listens for the chat it has open (same payload, same members). The spec's
 * chat page keeps its list from each member's own channel, `company-{id}-chat-user-{userId}`:
 * `create` for a chat they join, `update` for an edit (`memberChannel`).
 */
export const chatEvents = {
  /** A message: the chat carries every member's unread count, so each updates their own badge. */
  newMessage: (companyId: number, newMessage: ChatMessageView, chat: ChatView): DomainEvent[] => {
    // `newMessage.chat`: the spec's client's pop-over reads the members from the message itself.
    const payload = { action: 'new-message', newMessage: { ...newMessage, chat }, chat } as const;
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
  /**
   * `company-{id}-chat-user-{userId}` to each of `userIds` (one channel per member, as the spec's
   * client names it): `create` for those who just joined the chat, `update` for the others.
   */
  memberChannel: (companyId: number, action: 'create' | 'update', chat: ChatView, userIds: readonly number[]) =>
    userIds.map((userId) =>
      domainEvent(
        companyId,
        'chat',
        { action, record: chat, chat },
        { to: 'users', userIds: [userId] },
        { channel: `user-${userId}` },
      ),
    ),
  deleted: (companyId: number, chatId: number, to: readonly number[]) =>
    domainEvent(companyId, 'chat', { action: 'delete', chatId, id: chatId }, { to: 'users', userIds: to }),
};
