/**
 * The open chat: its title and members, the owner's edit and delete, the messages and the
 * composer. While it is shown, the caller's unread count of it is cleared (on opening and as
 * messages arrive).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { addMessage, removeChat, upsertChat, type ChatPages, type MessagePages } from './chatCache';
import {
  chatListKey,
  chatMessagesKey,
  chatsKey,
  deleteChat,
  markChatRead,
  myUnreads,
  sendChatMessage,
} from './chatsApi';
import { api } from '../../lib/api';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { useChatMessages } from './useChatMessages';
import { useChats } from './useChats';

interface Props {
  chatId: number;
  /** Whether the pane is on screen (a narrow screen's other tab hides it). */
  active: boolean;
  onEdit: (chat: Chat) => void;
}

export function ChatPane({ chatId, active, onEdit }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { chats } = useChats();
  // The list's copy is kept live by the events; a chat beyond its loaded pages is read alone.
  const listed = chats.find((c) => c.id === chatId);
  const single = useQuery({
    queryKey: [...chatsKey, 'one', chatId],
    queryFn: () => api.get<Chat>(`/chats/${chatId}`),
    enabled: !listed,
    retry: false,
  });
  const chat = listed ?? single.data;
  const thread = useChatMessages(chatId);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const unreads = chat ? myUnreads(chat, me.id) : 0;

  useEffect(() => {
    if (!active || unreads === 0) return;
    markChatRead(chatId)
      .then((read) => qc.setQueryData<ChatPages>(chatListKey, (d) => upsertChat(d, read)))
      .catch(() => undefined);
  }, [active, unreads, chatId, qc]);

  const send = async (text: string) => {
    const message = await sendChatMessage(chatId, text);
    qc.setQueryData<MessagePages>(chatMessagesKey(chatId), (d) => addMessage(d, message));
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteChat(chatId);
      qc.setQueryData<ChatPages>(chatListKey, (d) => removeChat(d, chatId));
      void navigate('/chats', { replace: true });
    } catch {
      setDeleting(false);
      setConfirming(false);
    }
  };

  if (!chat) {
    if (single.isError)
      return (
        <Box sx={{ p: 2 }}>
          <ErrorState text={t('chats.notFound')} />
        </Box>
      );
    return <PageLoader />;
  }
  const owner = chat.ownerId === me.id;
  const names = chat.users.map((u) => u.user.name).join(', ');
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="chat-title">
            {chat.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div" title={names}>
            {names}
          </Typography>
        </Box>
        {owner && (
          <>
            <Tooltip title={t('chats.edit')}>
              <IconButton
                size="small"
                onClick={() => onEdit(chat)}
                aria-label={t('chats.edit')}
                data-testid="chat-edit"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('chats.delete')}>
              <IconButton
                size="small"
                onClick={() => setConfirming(true)}
                aria-label={t('chats.delete')}
                data-testid="chat-delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      <ChatMessages thread={thread} myId={me.id} />
      <ChatComposer onSend={send} />
      <ConfirmDialog
        open={confirming}
        busy={deleting}
        title={t('chats.confirmDelete.title', { title: chat.title })}
        text={t('chats.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
