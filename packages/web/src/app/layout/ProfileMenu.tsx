import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useAuth, useCurrentUser } from '../providers/AuthProvider';

const UserDialog = lazy(() => import('../../features/users/UserDialog'));

/** Profile menu: edit one's own user, log out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout, refreshUser } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('topbar.profileMenu')}
        aria-haspopup="menu"
        data-testid="profile-menu"
        edge="end"
      >
        <AccountCircle />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          data-testid="profile-menu-profile"
          onClick={() => {
            setAnchor(null);
            setEditing(true);
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('topbar.profile')}
        </MenuItem>
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('topbar.logout')}
        </MenuItem>
      </Menu>
      {editing && (
        <Suspense fallback={null}>
          <UserDialog
            userId={user.id}
            onClose={() => setEditing(false)}
            onSaved={() => void refreshUser().catch(() => undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
