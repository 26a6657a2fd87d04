/**
 * `company-{id}-chat` applied to the cached chat list and messages. The server sends a chat's
 * events to its members only, each carrying the whole chat (with every member's unread count).
 * `onEvent` lets the page react too (read the open chat, leave a deleted one).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { EventPayload } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { addMessage, removeChat, upsertChat, type ChatPages, type MessagePages } from './chatCache';
import { chatListKey, chatMessagesKey } from './chatsApi';

export function useLiveChats(onEvent?: (e: EventPayload<'chat'>) => void) {
  const qc = useQueryClient();
  useCompanyEvent('chat', (e) => {
    if (e.action === 'delete') {
      qc.setQueryData<ChatPages>(chatListKey, (d) => removeChat(d, e.chatId));
      qc.removeQueries({ queryKey: chatMessagesKey(e.chatId) });
    } else {
      qc.setQueryData<ChatPages>(chatListKey, (d) => upsertChat(d, e.chat));
      if (e.action === 'new-message')
        qc.setQueryData<MessagePages>(chatMessagesKey(e.chat.id), (d) => addMessage(d, e.newMessage));
    }
    onEvent?.(e);
  });
}
