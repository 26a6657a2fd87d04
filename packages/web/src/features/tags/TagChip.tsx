import Chip from '@mui/material/Chip';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { readableOn } from './color';

/** A tag's name on its own colour; lane tags carry the kanban icon. */
export function TagChip({
  name,
  color,
  kanban,
  size = 'small',
}: {
  name: string;
  color: string;
  kanban?: boolean;
  size?: 'small' | 'medium';
}) {
  const fg = readableOn(color);
  return (
    <Chip
      size={size}
      label={name}
      icon={kanban ? <ViewKanbanIcon /> : undefined}
      sx={{ bgcolor: color, color: fg, fontWeight: 500, maxWidth: '100%', '& .MuiChip-icon': { color: fg } }}
      data-testid="tag-chip"
    />
  );
}
