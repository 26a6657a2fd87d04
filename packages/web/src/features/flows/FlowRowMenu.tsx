/** A flow row's menu: edit name, edit flow, duplicate, delete. */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import EditIcon from '@mui/icons-material/EditOutlined';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';

export function FlowRowMenu({
  onRename,
  onOpen,
  onDuplicate,
  onDelete,
}: {
  onRename(): void;
  onOpen(): void;
  onDuplicate(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item = (label: string, Icon: typeof EditIcon, testId: string, action: () => void) => (
    <MenuItem
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        setAnchor(null);
        action();
      }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      {label}
    </MenuItem>
  );
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('common.actions')}
        aria-haspopup="menu"
        data-testid="flow-row-menu"
        onClick={(e) => {
          // The row opens the editor on click: the menu's button must not.
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        {item(t('flows.menu.rename'), EditIcon, 'flow-rename', onRename)}
        {item(t('flows.menu.edit'), AccountTreeIcon, 'flow-edit', onOpen)}
        {item(t('flows.menu.duplicate'), ContentCopyIcon, 'flow-duplicate', onDuplicate)}
        {item(t('common.delete'), DeleteIcon, 'flow-delete', onDelete)}
      </Menu>
    </>
  );
}
