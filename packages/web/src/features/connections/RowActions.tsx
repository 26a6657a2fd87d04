import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import type { Connection } from '@balcao/contracts';

/** Simulator (sandbox connections), edit and delete buttons of a connection. */
export function RowActions({
  connection: w,
  onEdit,
  onDelete,
}: {
  connection: Connection;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditDeleteButtons
      testId="connection"
      onEdit={onEdit}
      onDelete={onDelete}
      leading={
        w.provider === 'sandbox' && (
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
        )
      }
    />
  );
}
