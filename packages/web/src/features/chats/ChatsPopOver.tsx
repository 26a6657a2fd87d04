/**
 * The top bar's chats (operations §2): a badge with the caller's unread messages, live, and a
 * pop-over of their chats, newest activity first; a click opens the chat. The badge counts the
 * chats of the list's first page (the 20 most recently active: an unread chat is a recent one).
 */
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { HeaderPopover } from '../../lib/ui/HeaderPopover';
import { myUnreads } from './chatsApi';
import { useChats } from './useChats';
import { useLiveChats } from './useLiveChats';

export function ChatsPopOver() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const { chats, isLoading } = useChats();
  useLiveChats();
  const total = chats.reduce((sum, c) => sum + myUnreads(c, me.id), 0);
  const go = (close: () => void, path: string) => {
    close();
    void navigate(path);
  };

  return (
    <HeaderPopover
      title={t('chats.title')}
      icon={<ForumIcon />}
      count={total}
      max={99}
      label={t('chats.open', { count: total })}
      testId="chats-popover"
      countTestId="chats-unread-total"
      width={340}
      action={(close) => (
        <Button size="small" onClick={() => go(close, '/chats')} data-testid="chats-popover-all">
          {t('chats.seeAll')}
        </Button>
      )}
      isLoading={isLoading}
      empty={chats.length === 0 && { text: t('chats.empty'), testId: 'chats-popover-empty' }}
    >
      {(close) =>
        chats.map((chat) => {
          const unreads = myUnreads(chat, me.id);
          return (
            <ListItemButton
              key={chat.id}
              divider
              onClick={() => go(close, `/chats/${chat.id}`)}
              data-testid="chats-popover-item"
            >
              <ListItemText
                primary={chat.title}
                secondary={chat.lastMessage || ' '}
                slotProps={{
                  primary: { noWrap: true, sx: { fontWeight: unreads > 0 ? 600 : 400 } },
                  secondary: { noWrap: true },
                }}
                sx={{ minWidth: 0 }}
              />
              {unreads > 0 && (
                <Chip
                  size="small"
                  color="success"
                  label={unreads}
                  sx={{ ml: 1 }}
                  aria-label={t('chats.unread', { count: unreads })}
                />
              )}
            </ListItemButton>
          );
        })
      }
    </HeaderPopover>
  );
}
