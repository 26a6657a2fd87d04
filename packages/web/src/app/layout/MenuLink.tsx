import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@balcao/contracts';
import type { MenuGroupDef, MenuItemDef } from './menuItems';

function isActive(pathname: string, route: string) {
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}

export function MenuLink({
  item,
  mini,
  badge,
  nested,
  onNavigate,
}: {
  item: MenuItemDef;
  mini: boolean;
  badge?: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = item.icon;
  const label = t(item.labelKey);
  // Only a shown badge is rendered: a hidden one would still put "!" into the item's name.
  const icon = badge ? (
    <Badge color="error" badgeContent="!" data-testid="connections-warning">
      <Icon />
    </Badge>
  ) : (
    <Icon />
  );
  return (
    <Tooltip title={mini ? label : ''} placement="right" disableInteractive>
      <ListItemButton
        component={Link}
        to={item.route}
        selected={isActive(pathname, item.route)}
        onClick={onNavigate}
        data-testid={item.testId}
        aria-label={mini ? label : undefined}
        sx={{ pl: nested && !mini ? 4 : 2.5, minHeight: 40 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        {!mini && <ListItemText primary={label} />}
      </ListItemButton>
    </Tooltip>
  );
}

/** A collapsible group (campaigns, flows); open by default so every item stays reachable. */
export function MenuGroup({
  group,
  user,
  mini,
  onNavigate,
}: {
  group: MenuGroupDef;
  user: SessionUser;
  mini: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const Icon = group.icon;
  const items = group.items.filter((i) => i.visible(user));
  if (items.length === 0) return null;
  return (
    <>
      {!mini && (
        <ListItemButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-testid={`drawer-group-${group.id}`}
          sx={{ pl: 2.5, minHeight: 40 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={t(group.labelKey)} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
      )}
      <Collapse in={open || mini} timeout="auto">
        <List dense disablePadding>
          {items.map((i) => (
            <MenuLink key={i.route} item={i} mini={mini} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
