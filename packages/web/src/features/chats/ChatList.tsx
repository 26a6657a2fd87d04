/** The caller's chats, newest activity first, each with its last message and unread badge. */
import { useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { EmptyState } from '../../lib/ui/EmptyState';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { useNearEnd } from '../../lib/ui/useNearEnd';
import { formatDateTime } from '../../lib/dates';
import { myUnreads } from './chatsApi';
import { useChats } from './useChats';

interface Props {
  selectedId?: number;
  onNew: () => void;
  onOpen: (id: number) => void;
}

export function ChatList({ selectedId, onNew, onOpen }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { chats, isLoading, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useChats();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  useNearEnd(box, end, Boolean(hasNextPage) && !isFetchingNextPage, () => void fetchNextPage());

  return (
    <>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}>
        <Button fullWidth variant="contained" startIcon={<AddIcon />} onClick={onNew} data-testid="chat-new">
          {t('chats.new')}
        </Button>
      </Box>
      <Box ref={box} sx={{ flex: 1, overflow: 'auto', minHeight: 0 }} data-testid="chat-list">
        {isLoading ? (
          <PageLoader />
        ) : isError && chats.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <ErrorState onRetry={() => void refetch()} />
          </Box>
        ) : chats.length === 0 ? (
          <EmptyState text={t('chats.empty')} />
        ) : (
          <List disablePadding>
            {chats.map((chat) => {
              const unreads = myUnreads(chat, me.id);
              return (
                <ListItemButton
                  key={chat.id}
                  divider
                  selected={chat.id === selectedId}
                  onClick={() => onOpen(chat.id)}
                  data-testid="chat-item"
                  data-chat-id={chat.id}
                >
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: 'primary.main' }}>
                      <GroupsIcon />
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={chat.title}
                    secondary={chat.lastMessage || formatDateTime(chat.updatedAt)}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: unreads > 0 ? 600 : 400 } },
                      secondary: { noWrap: true },
                    }}
                    sx={{ minWidth: 0 }}
                  />
                  <Badge
                    badgeContent={unreads}
                    color="success"
                    max={99}
                    sx={{ ml: 2, mr: 1 }}
                    aria-label={t('chats.unread', { count: unreads })}
                    data-testid="chat-unreads"
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        {hasNextPage && (
          <Box ref={end} sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            {isFetchingNextPage && <CircularProgress size={20} />}
          </Box>
        )}
      </Box>
    </>
  );
}
