/**
 * What can be done with the open ticket (operations §4): accept (pending), return and resolve
 * (open), reopen (closed), transfer (not closed), delete (ticket-options:deleteTicket, after a
 * confirmation). On phones the buttons become icons.
 */
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { can } from '../../../lib/permissions';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { OtherOpenTicketDialog } from '../dialogs/OtherOpenTicketDialog';
import { TransferTicketDialog } from '../dialogs/TransferTicketDialog';
import { useTicketActions, type TicketAction } from '../useTicketActions';
import { useShortcuts } from '../keyboard/useShortcuts';
import type { Ticket } from '@balcao/contracts';

function ActionButton(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled: boolean;
  compact: boolean;
  primary?: boolean;
  testId: string;
}) {
  const { label, icon, onClick, disabled, compact, primary, testId } = props;
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            onClick={onClick}
            disabled={disabled}
            aria-label={label}
            color={primary ? 'primary' : 'default'}
            data-testid={testId}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      variant={primary ? 'contained' : 'outlined'}
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

export function TicketActions({ ticket, compact }: { ticket: Ticket; compact: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const actions = useTicketActions();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canDelete = can(me, 'ticket-options:deleteTicket');
  const busy = actions.busy;
  const run = (a: TicketAction) => void actions.run(ticket, a);
  // The keyboard (keyboard/shortcuts.ts): e resolves, t opens the transfer picker.
  useShortcuts({
    resolve: () => {
      if (ticket.status === 'open' && !busy) run('resolve');
    },
    transfer: () => {
      if (ticket.status !== 'closed') setTransferring(true);
    },
  });

  const button = (a: TicketAction, icon: ReactNode, primary = false) => (
    <ActionButton
      key={a}
      label={t(`tickets.actions.${a}`)}
      icon={icon}
      onClick={() => run(a)}
      disabled={busy}
      compact={compact}
      primary={primary}
      testId={`ticket-${a}`}
    />
  );

  return (
    <Stack direction="row" spacing={compact ? 0 : 1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {ticket.status === 'pending' && button('accept', <CheckIcon />, true)}
      {ticket.status === 'open' && button('return', <UndoIcon />)}
      {ticket.status === 'open' && button('resolve', <DoneAllIcon />, true)}
      {ticket.status === 'closed' && button('reopen', <ReplayIcon />, true)}
      <IconButton
        aria-label={t('tickets.actions.more')}
        aria-haspopup="menu"
        onClick={(e) => setMenu(e.currentTarget)}
        data-testid="ticket-more"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={ticket.status === 'closed'}
          onClick={() => {
            setMenu(null);
            setTransferring(true);
          }}
          data-testid="ticket-transfer"
        >
          <ListItemIcon>
            <SwapHorizIcon fontSize="small" />
          </ListItemIcon>
          {t('tickets.actions.transfer')}
        </MenuItem>
        {canDelete && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDeleting(true);
            }}
            sx={{ color: 'error.main' }}
            data-testid="ticket-delete"
          >
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            {t('tickets.actions.delete')}
          </MenuItem>
        )}
      </Menu>
      {transferring && (
        <TransferTicketDialog
          ticket={ticket}
          busy={busy}
          onClose={() => setTransferring(false)}
          onTransfer={async (choice) => {
            if (await actions.transfer(ticket, choice)) setTransferring(false);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={t('tickets.confirmDelete.title', { id: ticket.id })}
        text={t('tickets.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={busy}
        onConfirm={async () => {
          await actions.destroy(ticket);
          setDeleting(false);
        }}
        onClose={() => setDeleting(false)}
      />
      <OtherOpenTicketDialog ticket={actions.otherOpen.other} onClose={actions.otherOpen.close} />
    </Stack>
  );
}
