import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useTranslation } from 'react-i18next';
import type { Whatsapp } from './types';

/** Simulator (sandbox connections), edit and delete buttons of a connection. */
export function RowActions({
  connection: w,
  onEdit,
  onDelete,
}: {
  connection: Whatsapp;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {w.provider === 'sandbox' && (
        <Tooltip title={t('connections.buttons.simulator')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={`/connections/${w.id}/simulator`}
            aria-label={t('connections.buttons.simulator')}
            data-testid="connection-simulator"
          >
            <PhoneIphoneIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <IconButton size="small" aria-label={t('common.edit')} onClick={onEdit} data-testid="connection-edit">
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('common.delete')} onClick={onDelete} data-testid="connection-delete">
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
