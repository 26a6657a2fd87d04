/**
 * One ticket of the list (operations §2): contact, queue (name and colour), user, tags, unread
 * count, last message with its time, and a peek icon for admins. Contact names are cut at 10
 * characters on small screens.
 * A pending ticket does not open (operations §2: it must be accepted first — opening would also
 * mark the customer's messages read before anyone took the ticket): a click or Enter says so in a
 * tooltip on its "accept" button, which takes the focus. Enter on an open ticket opens it with the
 * focus in the composer (a click does not: on a phone it would raise the keyboard).
 */
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isToday } from 'date-fns';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { FormattedText } from '../../messages/format/FormattedText';
import { MatchedMessage } from './MatchedMessage';
import { readableOn } from '../../tags/color';
import type { Ticket } from '@balcao/contracts';

export const NAME_CUT_SMALL = 10;

export const cutName = (name: string, small: boolean) =>
  small && name.length > NAME_CUT_SMALL ? `${name.slice(0, NAME_CUT_SMALL)}…` : name;

const pad = (n: number) => String(n).padStart(2, '0');
function when(value: string) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return isToday(d) ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : formatDate(d);
}

interface Props {
  ticket: Ticket;
  selected: boolean;
  small: boolean;
  canPeek: boolean;
  busy: boolean;
  onOpen: (t: Ticket, how: { byKeyboard: boolean }) => void;
  onAccept: (t: Ticket) => void;
  onPeek: (t: Ticket) => void;
  /** Ticked for a bulk action; given, the row shows its checkbox (shift: a range). */
  checked?: boolean;
  onCheck?: (t: Ticket, shift: boolean) => void;
  /** A search's text: the message that matched, if any, is shown instead of the last one, marked. */
  highlight?: string;
}

const noop = () => {};

const HINT_MS = 4000;

function TicketListItemView(props: Props) {
  const { ticket: tk, selected, small, canPeek, busy, onOpen, onAccept, onPeek, checked = false, onCheck } = props;
  const { highlight } = props;
  const { t } = useTranslation();
  const pending = tk.status === 'pending';
  const [hinting, setHinting] = useState(false);
  const acceptButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!hinting) return;
    // Focused once the tooltip is up, so a screen reader reads it as the button's description.
    acceptButton.current?.focus();
    const timer = setTimeout(() => setHinting(false), HINT_MS);
    return () => clearTimeout(timer);
  }, [hinting]);

  const open = (byKeyboard: boolean) => {
    if (pending) setHinting(true);
    else onOpen(tk, { byKeyboard });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(true);
    }
  };
  const name = tk.contact?.name || tk.contact?.number || `#${tk.id}`;
  const queueColor = tk.queue?.color ?? 'transparent';

  return (
    <Box
      role="button"
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      onClick={() => open(false)}
      onKeyDown={onKey}
      data-testid="ticket-item"
      data-ticket-id={tk.id}
      data-status={tk.status}
      sx={{
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        px: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: `4px solid ${queueColor}`,
        cursor: 'pointer',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      {onCheck && (
        <Checkbox
          size="small"
          checked={checked}
          // onClick, not onChange: the range needs the shift key (Space on the box clicks too).
          onChange={noop}
          onClick={(e) => {
            e.stopPropagation();
            onCheck(tk, e.shiftKey);
          }}
          slotProps={{ input: { 'aria-label': t('tickets.bulk.tick', { name }) } }}
          sx={{ p: 0.5, ml: -0.75, alignSelf: 'center' }}
          data-testid="ticket-check"
        />
      )}
      <Badge
        color="success"
        badgeContent={tk.unreadMessages}
        max={99}
        overlap="circular"
        slotProps={{ badge: { 'aria-label': t('tickets.item.unread', { count: tk.unreadMessages }) } as object }}
        data-testid="ticket-unread"
      >
        <Avatar src={tk.contact?.profilePicUrl || undefined} alt="" sx={{ width: 44, height: 44 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Badge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography
            variant="subtitle2"
            noWrap
            sx={{ flex: 1, minWidth: 0, fontWeight: tk.unreadMessages > 0 ? 700 : 600 }}
            title={name}
            data-testid="ticket-contact"
          >
            {cutName(name, small)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {when(tk.lastMessageAt ?? tk.updatedAt)}
          </Typography>
        </Stack>
        {highlight && tk.matchedMessage ? (
          <MatchedMessage body={tk.matchedMessage.body} term={highlight} />
        ) : (
          <Typography variant="body2" color="text.secondary" noWrap data-testid="ticket-last-message">
            {tk.lastMessage ? <FormattedText text={tk.lastMessage} singleLine /> : '\u00a0'}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            size="small"
            label={tk.queue?.name ?? t('tickets.noQueue')}
            sx={{
              height: 20,
              fontSize: 11,
              bgcolor: tk.queue?.color ?? 'action.selected',
              color: tk.queue?.color ? '#fff' : 'text.primary',
            }}
            data-testid="ticket-queue"
          />
          {tk.user && <Chip size="small" variant="outlined" label={tk.user.name} sx={{ height: 20, fontSize: 11 }} />}
          {(tk.tags ?? []).map((tag) => (
            <Chip
              key={tag.id}
              size="small"
              label={tag.name}
              sx={{ height: 20, fontSize: 11, bgcolor: tag.color, color: readableOn(tag.color) }}
              data-testid="ticket-tag"
            />
          ))}
        </Stack>
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        {canPeek && (
          <Tooltip title={t('tickets.item.peek')}>
            <IconButton
              size="small"
              aria-label={t('tickets.item.peek')}
              onClick={(e) => {
                e.stopPropagation();
                onPeek(tk);
              }}
              data-testid="ticket-peek"
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {pending && (
          <Tooltip
            title={t('tickets.item.acceptToOpen')}
            open={hinting}
            onClose={() => setHinting(false)}
            describeChild
            arrow
            placement="left"
          >
            <Button
              ref={acceptButton}
              size="small"
              variant="contained"
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation();
                setHinting(false);
                onAccept(tk);
              }}
              onBlur={() => setHinting(false)}
              data-testid="ticket-accept"
            >
              {t('tickets.actions.accept')}
            </Button>
          </Tooltip>
        )}
      </Stack>
    </Box>
  );
}

export const TicketListItem = memo(TicketListItemView);
