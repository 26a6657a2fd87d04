/** One lane of the board: a header in the tag's colour, its count, and its cards; a drop target. */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DRAG_TYPE } from './KanbanCard';
import type { LaneId } from './lanes';

interface Props {
  id: LaneId;
  title: string;
  color?: string;
  count: number;
  onDropTicket: (ticketId: number, to: LaneId) => void;
  children: ReactNode;
}

export function KanbanLane({ id, title, color, count, onDropTicket, children }: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const ticketId = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (ticketId) onDropTicket(ticketId, id);
      }}
      sx={{
        flex: '0 0 auto',
        width: { xs: 'calc(100vw - 48px)', sm: 300 },
        maxWidth: 340,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: over ? 'action.selected' : 'action.hover',
        borderTop: 4,
        borderTopColor: color ?? 'text.disabled',
        scrollSnapAlign: 'start',
        maxHeight: { xs: 'calc(100vh - 200px)', sm: 'calc(100vh - 170px)' },
        transition: 'background-color 120ms',
      }}
      data-testid="kanban-lane"
      data-lane={id}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 600, flexGrow: 1, wordBreak: 'break-word' }}>
          {title}
        </Typography>
        <Box
          component="span"
          aria-label={t('kanban.laneCount', { count })}
          sx={{ px: 1, borderRadius: 4, bgcolor: 'background.paper', fontSize: 13, fontWeight: 600 }}
          data-testid="kanban-lane-count"
        >
          {count}
        </Box>
      </Stack>
      <Stack spacing={1} sx={{ px: 1, pb: 1, overflowY: 'auto', minHeight: 80 }}>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {t('kanban.emptyLane')}
          </Typography>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
