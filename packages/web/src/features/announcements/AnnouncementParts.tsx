/** What the announcements table and its phone cards show alike: the priority, the status, a card. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@balcao/contracts';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { priorityColour } from './announcementsApi';

/** The priority's colour (1 red, 2 orange, 3 grey) and name. */
export function PriorityLabel({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: priorityColour(priority), flexShrink: 0 }} />
      <span>{t(`announcements.priorities.${priority}`)}</span>
    </Stack>
  );
}

export function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('announcements.status.active') : t('announcements.status.inactive')}
    />
  );
}

/** One announcement on a phone: the table's columns do not fit 390 px with its actions. */
export function AnnouncementCard({
  record: r,
  onEdit,
  onDelete,
}: {
  record: Announcement;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, borderLeft: 4, borderLeftColor: priorityColour(r.priority) }}
      data-testid="announcement-row"
      data-record-id={r.id}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>{r.title}</Typography>
        <EditDeleteButtons testId="announcement" onEdit={onEdit} onDelete={onDelete} />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <PriorityLabel priority={r.priority} />
        <StatusChip active={r.status} />
        {r.mediaName && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }} title={r.mediaName}>
            <AttachFileIcon fontSize="inherit" color="action" />
            <Typography variant="body2" noWrap>
              {r.mediaName}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
