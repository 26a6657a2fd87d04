/**
 * The open ticket's header: the contact (a click opens the contact drawer), who has it and in
 * which queue, and the actions its status allows (operations §4); its tags below.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@balcao/contracts';
import { TicketActions } from './TicketActions';
import { TicketTags } from './tags/TicketTags';
import { WindowChip } from './WindowChip';

export function TicketHeader({ ticket, onShowContact }: { ticket: TicketDetail; onShowContact: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const name = ticket.contact?.name || ticket.contact?.number || '';
  const assigned = ticket.user
    ? t('tickets.header.assignedTo', { name: ticket.user.name })
    : t('tickets.header.unassigned');

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 64 }}
        data-testid="ticket-header"
      >
        {narrow && (
          <IconButton onClick={() => navigate('/tickets')} aria-label={t('tickets.header.back')} data-testid="ticket-back">
            <ArrowBackIcon />
          </IconButton>
        )}
        <ButtonBase
          onClick={onShowContact}
          aria-label={t('tickets.header.contactDetails', { name })}
          sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, p: 0.5, gap: 1.25 }}
          data-testid="ticket-contact-button"
        >
          <Avatar src={ticket.contact?.profilePicUrl || undefined} alt="">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="ticket-header-name">
              {name} <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>#{ticket.id}</Box>
            </Typography>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" noWrap>
                {assigned}
              </Typography>
              {ticket.queue && (
                <Chip
                  size="small"
                  label={ticket.queue.name}
                  sx={{ height: 18, fontSize: 11, bgcolor: ticket.queue.color, color: '#fff' }}
                  data-testid="ticket-header-queue"
                />
              )}
              {ticket.whatsapp?.provider === 'cloud' && <WindowChip expiresAt={ticket.windowExpiresAt ?? null} />}
              {ticket.ratingPending && (
                <Chip size="small" color="warning" label={t('tickets.header.ratingPending')} sx={{ height: 18, fontSize: 11 }} />
              )}
              {ticket.rating != null && ticket.status === 'closed' && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('tickets.header.rating', { rating: ticket.rating, label: t(`tickets.ratings.${ticket.rating}`, { defaultValue: '' }) })}
                  sx={{ height: 18, fontSize: 11 }}
                  data-testid="ticket-rating"
                  data-rating={ticket.rating}
                />
              )}
            </Stack>
          </Box>
        </ButtonBase>
        <TicketActions ticket={ticket} compact={narrow} />
      </Stack>
      <TicketTags ticket={ticket} />
    </>
  );
}
