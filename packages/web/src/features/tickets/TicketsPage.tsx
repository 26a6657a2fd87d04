/**
 * The ticket area (operations §2): the manager takes one third of a wide screen and the
 * conversation two thirds (the welcome image when none is chosen). Below 600 px two tabs —
 * the list and the attendance — take turns. `/tickets/:ticketId` names the open ticket (its
 * uuid, or its id).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { TicketsManager } from './manager/TicketsManager';
import { TicketPanel } from './ticket/TicketPanel';
import { WelcomePanel } from './WelcomePanel';
import { useLiveTickets } from './useTicketLists';
import { ShortcutSheet } from './keyboard/ShortcutSheet';
import { useShortcuts } from './keyboard/useShortcuts';

/** The page fills the window under the top bar (56 px on phones, 64 px above 600 px). */
const AREA_HEIGHT = { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' };

export default function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const narrow = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [tab, setTab] = useState<'list' | 'chat'>(ticketId ? 'chat' : 'list');
  useLiveTickets();
  const [sheet, setSheet] = useState(false);
  useShortcuts({ help: () => setSheet(true) });

  useEffect(() => {
    setTab(ticketId ? 'chat' : 'list');
  }, [ticketId]);

  const conversation = ticketId ? (
    <TicketPanel key={ticketId} ticketRef={ticketId} />
  ) : (
    <WelcomePanel onPick={narrow ? () => setTab('list') : undefined} />
  );

  // One tree for both layouts (only styles change), so the manager keeps its tabs and filters
  // when the window crosses 600 px.
  const pane = (shown: boolean) => ({
    display: shown ? 'flex' : 'none',
    flexDirection: 'column',
    minHeight: 0,
    overflow: 'hidden',
    ...(narrow ? { flex: 1, borderRadius: 0, border: 0 } : {}),
  });
  return (
    <Box
      sx={
        narrow
          ? { height: AREA_HEIGHT, display: 'flex', flexDirection: 'column' }
          : {
              height: AREA_HEIGHT,
              display: 'grid',
              gridTemplateColumns: 'minmax(300px, 1fr) minmax(0, 2fr)',
              gap: 1.5,
              p: 1.5,
            }
      }
      data-testid="tickets-area"
    >
      {narrow && (
        <Tabs
          value={tab}
          onChange={(_e, v: 'list' | 'chat') => setTab(v)}
          variant="fullWidth"
          sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', minHeight: 44, flexShrink: 0 }}
        >
          <Tab value="list" label={t('tickets.area.listTab')} sx={{ minHeight: 44 }} data-testid="tab-list" />
          <Tab value="chat" label={t('tickets.area.chatTab')} sx={{ minHeight: 44 }} data-testid="tab-chat" />
        </Tabs>
      )}
      <Paper variant="outlined" sx={pane(!narrow || tab === 'list')}>
        <TicketsManager selectedRef={ticketId} narrow={narrow} />
      </Paper>
      <Paper variant="outlined" sx={pane(!narrow || tab === 'chat')}>
        {conversation}
      </Paper>
      <ShortcutSheet open={sheet} onClose={() => setSheet(false)} />
    </Box>
  );
}
