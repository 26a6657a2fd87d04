import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/Brightness4';
import LightModeIcon from '@mui/icons-material/Brightness7';
import { useTranslation } from 'react-i18next';
import type { Language } from '@balcao/contracts';
import { useCurrentUser } from '../providers/AuthProvider';
import { useColorMode } from '../providers/ColorModeProvider';
import { access } from '../routing/access';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { LanguageMenu } from '../../lib/ui/LanguageMenu';
import { NotificationsPopOver } from '../../features/notifications/NotificationsPopOver';
import { AnnouncementsPopOver } from '../../features/announcements/AnnouncementsPopOver';
import { ChatsPopOver } from '../../features/chats/ChatsPopOver';
import { VolumeControl } from '../../features/notifications/VolumeControl';
import { ProfileMenu } from './ProfileMenu';
import { SubscriptionWarning } from './SubscriptionWarning';

/** `wide`: the permanent drawer sits below the bar; on narrow screens the drawer covers it. */
export function TopBar({ onToggleDrawer, wide }: { onToggleDrawer: () => void; wide: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { mode, toggle } = useColorMode();
  const dueDate = access.admin(user) ? formatDate(user.company?.dueDate) : '';

  const saveLanguage = (lang: Language) => {
    api.post(`/users/set-language/${lang}`).catch(() => undefined);
  };

  return (
    <AppBar position="fixed" sx={wide ? { zIndex: (theme) => theme.zIndex.drawer + 1 } : undefined} elevation={1}>
      {/* Phones: tighter gaps and smaller buttons (ten controls share 390 px), and the greeting
          (not the buttons) gives way when space runs out. */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, '& .MuiIconButton-root': { p: { xs: 0.5, sm: 1 } } }}>
        <IconButton
          edge="start"
          color="inherit"
          onClick={onToggleDrawer}
          aria-label={t('topbar.toggleMenu')}
          data-testid="drawer-toggle"
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Typography noWrap data-testid="greeting" sx={{ fontSize: { xs: 14, sm: 16 } }}>
            {t('topbar.greeting', { name: user.name, company: user.company?.name ?? '' })}
            {dueDate && ' '}
            {dueDate && (
              <Box component="span" data-testid="due-date" sx={{ display: { xs: 'none', md: 'inline' } }}>
                {t('topbar.dueDate', { date: dueDate })}
              </Box>
            )}
          </Typography>
        </Box>
        <SubscriptionWarning />
        <LanguageMenu color="inherit" onChange={saveLanguage} />
        <Tooltip title={t(mode === 'dark' ? 'topbar.lightMode' : 'topbar.darkMode')}>
          <IconButton color="inherit" onClick={toggle} aria-label={t('topbar.toggleTheme')} data-testid="theme-toggle">
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        <VolumeControl />
        <NotificationsPopOver />
        <AnnouncementsPopOver />
        {access.chats(user) && <ChatsPopOver />}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
