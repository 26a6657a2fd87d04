/**
 * The top bar's chats (operations §2): a badge with the caller's unread messages, live, and a
 * pop-over of their chats, newest activity first; a click opens the chat. The badge counts the
 * chats of the list's first page (the 20 most recently active: an unread chat is a recent one).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { PageLoader } from '../../lib/ui/PageLoader';
import { myUnreads } from './chatsApi';
import { useChats } from './useChats';
import { useLiveChats } from './useLiveChats';

export function ChatsPopOver() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const { chats, isLoading } = useChats();
  useLiveChats();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const total = chats.reduce((sum, c) => sum + myUnreads(c, me.id), 0);
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };

  return (
    <>
      <Tooltip title={t('chats.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('chats.open', { count: total })}
          data-testid="chats-popover"
        >
          <Badge badgeContent={total} color="error" max={99} data-testid="chats-unread-total">
            <ForumIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
            {t('chats.title')}
          </Typography>
          <Button size="small" onClick={() => go('/chats')} data-testid="chats-popover-all">
            {t('chats.seeAll')}
          </Button>
        </Box>
        {isLoading ? (
          <PageLoader />
        ) : chats.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="chats-popover-empty">
            {t('chats.empty')}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 400, overflow: 'auto' }}>
            {chats.map((chat) => {
              const unreads = myUnreads(chat, me.id);
              return (
                <ListItemButton
                  key={chat.id}
                  divider
                  onClick={() => go(`/chats/${chat.id}`)}
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
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
