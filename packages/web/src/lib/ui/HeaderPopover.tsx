/**
 * A top-bar button with a count that opens a list under it (announcements, notifications, chats):
 * the tooltip, the badge, the pop-over with its heading (and an action beside it or a note under
 * it), then the list or what stands for it (loading, error with a retry, empty). The list's rows
 * get `close`, to close the pop-over as they open what they show.
 */
import { useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ErrorState } from './ErrorState';
import { PageLoader } from './PageLoader';

interface Props {
  title: string;
  icon: ReactNode;
  /** The badge's number, its cap, and the button's label for screen readers (it says the number). */
  count: number;
  max: number;
  label: string;
  testId: string;
  countTestId: string;
  width?: number;
  /** Beside the heading (e.g. "see all"). */
  action?: (close: () => void) => ReactNode;
  /** Under the heading (e.g. a permission to ask for). */
  note?: ReactNode;
  isLoading?: boolean;
  /** Given when the list failed to load. */
  onRetry?: () => void;
  empty: { text: string; testId: string } | false;
  listTestId?: string;
  children: (close: () => void) => ReactNode;
}

export function HeaderPopover(props: Props) {
  const { title, count, width = 360, action, empty, children } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={props.label}
          data-testid={props.testId}
        >
          <Badge badgeContent={count} color="error" max={props.max} data-testid={props.countTestId}>
            {props.icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              {title}
            </Typography>
            {action?.(close)}
          </Box>
          {props.note}
        </Box>
        {props.isLoading ? (
          <PageLoader />
        ) : props.onRetry ? (
          <Box sx={{ p: 2 }}>
            <ErrorState onRetry={props.onRetry} />
          </Box>
        ) : empty ? (
          <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid={empty.testId}>
            {empty.text}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 400, overflow: 'auto' }} data-testid={props.listTestId}>
            {children(close)}
          </List>
        )}
      </Popover>
    </>
  );
}
