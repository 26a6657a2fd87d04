/**
 * Side drawer, 240 px. Above 1200 px it is permanent (open, or folded to icons); below it is a
 * temporary drawer the top bar toggles.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, CONNECTION_WARNING_DELAY_MS } from '@balcao/contracts';
import { useCurrentUser } from '../providers/AuthProvider';
import { access } from '../routing/access';
import { useConnections, useLiveConnections, WARNING_STATES } from '../../features/connections/useConnections';
import { ADMIN_MENU, MAIN_MENU, type MenuEntry } from './menuItems';
import { MenuGroup, MenuLink } from './MenuLink';

export const DRAWER_WIDTH = 240;
export const DRAWER_MINI_WIDTH = 64;

/** Badge on the connections item: checked 2 s after load, then kept live by the session events. */
function useConnectionWarning(enabled: boolean) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), CONNECTION_WARNING_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  const { data } = useConnections(enabled && ready);
  useLiveConnections();
  return (data ?? []).some((c) => c.status && WARNING_STATES.includes(c.status));
}

interface Props {
  wide: boolean;
  open: boolean;
  onClose: () => void;
}

export function SideDrawer({ wide, open, onClose }: Props) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isAdmin = access.admin(user);
  const warning = useConnectionWarning(isAdmin);
  const mini = wide && !open;
  const onNavigate = wide ? undefined : onClose;

  const render = (entries: MenuEntry[]) =>
    entries
      .filter((e) => e.visible(user))
      .map((e) =>
        e.kind === 'group' ? (
          <MenuGroup key={e.id} group={e} user={user} mini={mini} onNavigate={onNavigate} />
        ) : (
          <MenuLink key={e.route} item={e} mini={mini} badge={e.connectionsBadge && warning} onNavigate={onNavigate} />
        ),
      );

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {wide && <Toolbar />}
      <Box component="nav" aria-label={t('menu.label')} sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <List dense>{render(MAIN_MENU)}</List>
        {isAdmin && (
          <>
            <Divider />
            <List
              dense
              subheader={
                mini ? undefined : (
                  <ListSubheader component="div" disableSticky data-testid="drawer-admin-header">
                    {t('menu.administration')}
                  </ListSubheader>
                )
              }
            >
              {render(ADMIN_MENU)}
            </List>
          </>
        )}
      </Box>
      <Divider />
      <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }} data-testid="app-version">
        {mini ? APP_VERSION : t('menu.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );

  if (!wide) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        data-testid="side-drawer"
      >
        {content}
      </Drawer>
    );
  }

  const width = open ? DRAWER_WIDTH : DRAWER_MINI_WIDTH;
  return (
    <Drawer
      variant="permanent"
      open={open}
      data-testid="side-drawer"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      {content}
    </Drawer>
  );
}
