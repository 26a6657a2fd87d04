import { useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCurrentUser } from '../providers/AuthProvider';
import { SocketProvider } from '../providers/SocketProvider';
import { companySetting } from '../../lib/permissions';
import { PageSuspense } from '../routing/guards';
import { SideDrawer } from './SideDrawer';
import { MAIN_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { PresenceLive } from '../../features/users/usePresenceLive';

/** The frame of every private page: top bar, side drawer, the page. */
export default function PrivateLayout() {
  const user = useCurrentUser();
  const wide = useMediaQuery('(min-width:1200px)', { noSsr: true });
  // sideMenuOpen (default enabled) decides whether the wide drawer starts open.
  const [wideOpen, setWideOpen] = useState(() => companySetting(user, 'sideMenuOpen') !== 'disabled');
  const [narrowOpen, setNarrowOpen] = useState(false);

  const toggle = () => (wide ? setWideOpen((o) => !o) : setNarrowOpen((o) => !o));

  return (
    <SocketProvider>
      <PresenceLive />
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <TopBar onToggleDrawer={toggle} wide={wide} />
        <SideDrawer wide={wide} open={wide ? wideOpen : narrowOpen} onClose={() => setNarrowOpen(false)} />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default', outline: 'none' }}
        >
          <Toolbar />
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </Box>
      </Box>
    </SocketProvider>
  );
}
