import Chip from '@mui/material/Chip';
import CancelIcon from '@mui/icons-material/Cancel';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { readableOn } from './color';

/** A tag's name on its own colour; lane tags carry the kanban icon. `onDelete` adds a remove cross. */
export function TagChip({
  name,
  color,
  kanban,
  size = 'small',
  onDelete,
  deleteLabel,
  testId = 'tag-chip',
}: {
  name: string;
  color: string;
  kanban?: boolean;
  size?: 'small' | 'medium';
  onDelete?: () => void;
  /** The remove cross's accessible name. */
  deleteLabel?: string;
  testId?: string;
}) {
  const fg = readableOn(color);
  return (
    <Chip
      size={size}
      label={name}
      icon={kanban ? <ViewKanbanIcon /> : undefined}
      onDelete={onDelete}
      deleteIcon={onDelete ? <CancelIcon titleAccess={deleteLabel} /> : undefined}
      sx={{
        bgcolor: color,
        color: fg,
        fontWeight: 500,
        maxWidth: '100%',
        '& .MuiChip-icon': { color: fg },
        '& .MuiChip-deleteIcon': { color: fg, opacity: 0.7, '&:hover': { color: fg, opacity: 1 } },
      }}
      data-testid={testId}
    />
  );
}
