/**
 * The top bar's announcements (operations §2): the active ones, most urgent first, each marked
 * by its priority's colour (1 red, 2 orange, 3 grey), kept live; a click shows the whole text and
 * the image. The badge counts them.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AnnouncementIcon from '@mui/icons-material/AnnouncementOutlined';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementPage } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { HeaderPopover } from '../../lib/ui/HeaderPopover';
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
  const [open, setOpen] = useState<Announcement | null>(null);

  return (
    <>
      <HeaderPopover
        title={t('announcements.popover')}
        icon={<AnnouncementIcon />}
        count={active.length}
        max={20}
        label={t('announcements.open', { count: active.length })}
        testId="announcements-popover"
        countTestId="announcements-count"
        isLoading={isLoading}
        onRetry={isError ? () => void refetch() : undefined}
        empty={active.length === 0 && { text: t('announcements.none'), testId: 'announcements-empty' }}
        listTestId="announcements-list"
      >
        {(close) =>
          active.map((a) => (
            <ListItemButton
              key={a.id}
              divider
              onClick={() => {
                close();
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
          ))
        }
      </HeaderPopover>
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
