/**
 * A ticket on the board: number, contact name and number, last message, the ticket's other
 * tags, a button opening the ticket, and "move to" — the keyboard and touch way to change lane.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import CircleIcon from '@mui/icons-material/Circle';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '../messages/format/FormattedText';
import { TagChip } from '../tags/TagChip';
import type { Ticket, TicketTag } from '@balcao/contracts';
import { OPEN_LANE, type LaneId } from './lanes';

export const DRAG_TYPE = 'application/x-balcao-ticket';

interface Props {
  ticket: Ticket;
  lane: LaneId;
  laneTags: TicketTag[];
  onMove: (ticket: Ticket, to: LaneId) => void;
}

export function KanbanCard({ ticket, lane, laneTags, onMove }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const laneIds = new Set(laneTags.map((l) => l.id));
  const otherTags = (ticket.tags ?? []).filter((tag) => !laneIds.has(tag.id));
  const targets: Array<{ id: LaneId; name: string; color?: string }> = [
    { id: OPEN_LANE, name: t('kanban.openLane') },
    ...laneTags.map((l) => ({ id: l.id, name: l.name, color: l.color })),
  ].filter((x) => x.id !== lane);

  return (
    <Paper
      variant="outlined"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(ticket.id));
        e.dataTransfer.setData('text/plain', String(ticket.id));
        e.dataTransfer.effectAllowed = 'move';
        setDragging(true);
      }}
      onDragEnd={() => setDragging(false)}
      sx={{ p: 1.5, cursor: 'grab', opacity: dragging ? 0.5 : 1, '&:active': { cursor: 'grabbing' } }}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
      aria-label={t('kanban.card.label', { id: ticket.id, name: ticket.contact?.name ?? '' })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t('kanban.card.number', { id: ticket.id })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('kanban.card.moveTo')}>
          <IconButton
            size="small"
            aria-label={t('kanban.card.moveTo')}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
            data-testid="kanban-move"
          >
            <MoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="kanban-contact">
        {ticket.contact?.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {ticket.contact?.number}
      </Typography>
      {ticket.lastMessage && (
        <Typography
          variant="body2"
          sx={{
            mt: 1,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word',
          }}
        >
          <FormattedText text={ticket.lastMessage} singleLine />
        </Typography>
      )}
      {otherTags.length > 0 && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {otherTags.map((tag) => (
            <TagChip key={tag.id} name={tag.name} color={tag.color} />
          ))}
        </Stack>
      )}
      <Button
        size="small"
        variant="outlined"
        endIcon={<OpenIcon fontSize="small" />}
        onClick={() => navigate(`/tickets/${ticket.uuid}`)}
        sx={{ mt: 1.5 }}
        fullWidth
      >
        {t('kanban.card.open')}
      </Button>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {targets.map((x) => (
          <MenuItem
            key={x.id}
            onClick={() => {
              setMenu(null);
              onMove(ticket, x.id);
            }}
          >
            <ListItemIcon>
              <CircleIcon fontSize="small" sx={{ color: x.color ?? 'text.disabled' }} />
            </ListItemIcon>
            {x.name}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
