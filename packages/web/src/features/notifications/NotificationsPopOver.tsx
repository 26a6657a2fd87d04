/**
 * The top bar's bell (operations §2 notifications): a badge with how many tickets wait for the
 * user, and a pop-over listing them; a click opens /tickets/{uuid}. Browser notifications are
 * asked for from here, on a click (browsers refuse a request nobody asked for).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
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
  const { tickets } = useNotifications();
  const { permission, ask } = usePermission();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('notifications.open', { count: tickets.length })}
          data-testid="notifications"
        >
          <Badge badgeContent={tickets.length} color="error" max={99} data-testid="notifications-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('notifications.title')}
          </Typography>
          {permission === 'default' && (
            <Button size="small" onClick={ask} sx={{ px: 0 }} data-testid="notifications-permission">
              {t('notifications.enableDesktop')}
            </Button>
          )}
        </Box>
        {tickets.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="notifications-empty">
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 400, overflow: 'auto' }} data-testid="notifications-list">
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                divider
                data-testid="notification-item"
                onClick={() => {
                  setAnchor(null);
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
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
