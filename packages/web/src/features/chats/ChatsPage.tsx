/**
 * The internal chat (operations §2): the caller's chats beside the open one's messages; below
 * 600 px two tabs (chats, messages) take turns. `/chats/:id` names the open chat.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@balcao/contracts';
import { ChatList } from './ChatList';
import { ChatPane } from './ChatPane';
import ChatDialog from './ChatDialog';
import { useLiveChats } from './useLiveChats';

/** The page fills the window under the top bar (56 px on phones, 64 px above 600 px). */
const AREA_HEIGHT = { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' };

export default function ChatsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const chatId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const narrow = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [tab, setTab] = useState<'chats' | 'messages'>(chatId ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<{ chat?: Chat } | null>(null);

  useEffect(() => setTab(chatId ? 'messages' : 'chats'), [chatId]);
  // The open chat deleted, or the caller taken off it: back to the list.
  useLiveChats((e) => {
    if (e.action === 'delete' && e.chatId === chatId) void navigate('/chats', { replace: true });
  });

  const pane = (shown: boolean) => ({
    display: shown ? 'flex' : 'none',
    flexDirection: 'column',
    minHeight: 0,
    overflow: 'hidden',
    ...(narrow ? { flex: 1, borderRadius: 0, border: 0 } : {}),
  });
  return (
    <Box
      sx={
        narrow
          ? { height: AREA_HEIGHT, display: 'flex', flexDirection: 'column' }
          : {
              height: AREA_HEIGHT,
              display: 'grid',
              gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
              gap: 1.5,
              p: 1.5,
            }
      }
      data-testid="chats-area"
    >
      {narrow && (
        <Tabs
          value={tab}
          onChange={(_e, v: 'chats' | 'messages') => setTab(v)}
          variant="fullWidth"
          sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', minHeight: 44, flexShrink: 0 }}
        >
          <Tab value="chats" label={t('chats.tabs.chats')} sx={{ minHeight: 44 }} data-testid="chats-tab-list" />
          <Tab
            value="messages"
            label={t('chats.tabs.messages')}
            sx={{ minHeight: 44 }}
            data-testid="chats-tab-messages"
          />
        </Tabs>
      )}
      <Paper variant="outlined" sx={pane(!narrow || tab === 'chats')}>
        <ChatList selectedId={chatId} onNew={() => setDialog({})} onOpen={(id) => void navigate(`/chats/${id}`)} />
      </Paper>
      <Paper variant="outlined" sx={pane(!narrow || tab === 'messages')}>
        {chatId ? (
          <ChatPane
            key={chatId}
            chatId={chatId}
            active={!narrow || tab === 'messages'}
            onEdit={(chat) => setDialog({ chat })}
          />
        ) : (
          <Box
            sx={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              p: 3,
              color: 'text.secondary',
              textAlign: 'center',
            }}
            data-testid="chats-welcome"
          >
            <ForumIcon sx={{ fontSize: 56 }} />
            <Typography>{t('chats.pickOne')}</Typography>
          </Box>
        )}
      </Paper>
      {dialog && (
        <ChatDialog
          chat={dialog.chat}
          onClose={() => setDialog(null)}
          onSaved={(chat) => {
            setDialog(null);
            void navigate(`/chats/${chat.id}`);
          }}
        />
      )}
    </Box>
  );
}
