/**
 * The top bar's announcements (operations §2): the active ones, most urgent first, each marked
 * by its priority's colour (1 red, 2 orange, 3 grey), kept live; a click shows the whole text and
 * the image. The badge counts them.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AnnouncementIcon from '@mui/icons-material/AnnouncementOutlined';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementPage } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { useMediaBlob } from '../messages/media/useMediaBlob';
import { activeAnnouncementsKey, mediaUrlOf, priorityColour } from './announcementsApi';

function useActiveAnnouncements() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: activeAnnouncementsKey,
    queryFn: () => api.get<AnnouncementPage>('/announcements', { pageNumber: 1 }),
  });
  // Rare events: read the list again (who sees what is the server's call).
  useCompanyEvent('announcement', () => void qc.invalidateQueries({ queryKey: activeAnnouncementsKey }));
  // Super users' list holds the inactive ones too.
  const active = (query.data?.records ?? []).filter((a) => a.status);
  return { ...query, active };
}

export function AnnouncementsPopOver() {
  const { t } = useTranslation();
  const { active, isLoading, isError, refetch } = useActiveAnnouncements();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Announcement | null>(null);

  return (
    <>
      <Tooltip title={t('announcements.popover')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('announcements.open', { count: active.length })}
          data-testid="announcements-popover"
        >
          <Badge badgeContent={active.length} color="error" max={20} data-testid="announcements-count">
            <AnnouncementIcon />
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
            {t('announcements.popover')}
          </Typography>
        </Box>
        {isLoading ? (
          <PageLoader />
        ) : isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState onRetry={() => void refetch()} />
          </Box>
        ) : active.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="announcements-empty">
            {t('announcements.none')}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflow: 'auto' }} data-testid="announcements-list">
            {active.map((a) => (
              <ListItemButton
                key={a.id}
                divider
                onClick={() => {
                  setAnchor(null);
                  setOpen(a);
                }}
                sx={{ borderLeft: 4, borderLeftColor: priorityColour(a.priority), alignItems: 'flex-start' }}
                data-testid="announcement-item"
                data-priority={a.priority}
              >
                <ListItemText
                  primary={a.title}
                  secondary={
                    <>
                      <Box
                        component="span"
                        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {a.text}
                      </Box>
                      <Box component="span" sx={{ fontSize: 12 }}>
                        {formatDateTime(a.createdAt)}
                      </Box>
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600, color: priorityColour(a.priority) } } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      {open && <AnnouncementView announcement={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function AnnouncementView({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const image = useMediaBlob(mediaUrlOf(announcement));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="announcement-view">
      <DialogTitle sx={{ borderLeft: 6, borderLeftColor: priorityColour(announcement.priority) }}>
        {announcement.title}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
          {formatDateTime(announcement.createdAt)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{announcement.text}</Typography>
        {image.status === 'ready' && (
          <Box
            component="img"
            src={image.src}
            alt={announcement.mediaName ?? ''}
            sx={{ display: 'block', maxWidth: '100%', mt: 2, borderRadius: 1 }}
            data-testid="announcement-image"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
