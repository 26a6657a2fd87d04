/**
 * The top bar's bell (operations §2 notifications): a badge with how many tickets wait for the
 * user, and a pop-over listing them; a click opens /tickets/{uuid}. Browser notifications are
 * asked for from here, on a click (browsers refuse a request nobody asked for).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from '../../lib/ui/HeaderPopover';
import { FormattedText } from '../messages/format/FormattedText';
import { notificationsSupported } from './alerts';
import { useNotifications } from './useNotifications';

function usePermission() {
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : ('unsupported' as const),
  );
  const ask = () => {
    if (!notificationsSupported()) return;
    void Notification.requestPermission().then(setPermission);
  };
  return { permission, ask };
}

export function NotificationsPopOver() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tickets, count } = useNotifications();
  const { permission, ask } = usePermission();
  return (
    <HeaderPopover
      title={t('notifications.title')}
      icon={<NotificationsIcon />}
      count={count}
      max={999}
      label={t('notifications.open', { count })}
      testId="notifications"
      countTestId="notifications-count"
      note={
        permission === 'default' && (
          <Button size="small" onClick={ask} sx={{ px: 0 }} data-testid="notifications-permission">
            {t('notifications.enableDesktop')}
          </Button>
        )
      }
      empty={tickets.length === 0 && { text: t('notifications.empty'), testId: 'notifications-empty' }}
      listTestId="notifications-list"
    >
      {(close) =>
        tickets.map((ticket) => (
          <ListItemButton
            key={ticket.id}
            divider
            data-testid="notification-item"
            onClick={() => {
              close();
              void navigate(`/tickets/${ticket.uuid}`);
            }}
          >
            <ListItemAvatar>
              <Avatar src={ticket.contact?.profilePicUrl || undefined} alt="">
                {(ticket.contact?.name ?? '?').charAt(0).toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={ticket.contact?.name ?? `#${ticket.id}`}
              secondary={ticket.lastMessage ? <FormattedText text={ticket.lastMessage} singleLine /> : ' '}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              sx={{ minWidth: 0 }}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
              <Chip
                size="small"
                color="success"
                label={ticket.unreadMessages}
                aria-label={t('notifications.unread', { count: ticket.unreadMessages })}
              />
              {ticket.status === 'pending' && (
                <Typography variant="caption" color="text.secondary">
                  {t('notifications.pending')}
                </Typography>
              )}
            </Box>
          </ListItemButton>
        ))
      }
    </HeaderPopover>
  );
}
