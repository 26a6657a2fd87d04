import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { lastUpdate, type ConnectionRowProps } from './connectionRow';
import { RowActions } from './RowActions';
import { SessionButtons } from './SessionButtons';
import { StatusChip } from './StatusChip';

/** A connection on a phone: one card, with the table's columns as lines. */
export function ConnectionCard({ connection: w, ...props }: ConnectionRowProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="connection-row" data-connection-id={w.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            {w.name}
            {w.isDefault && (
              <CheckCircleIcon
                color="success"
                fontSize="inherit"
                titleAccess={t('connections.table.default')}
                sx={{ ml: 0.5, verticalAlign: 'middle' }}
                data-testid="connection-default"
              />
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`connections.providers.${w.provider}`, { defaultValue: w.provider })}
            {w.number ? ` · +${w.number}` : ''}
          </Typography>
        </Stack>
        {props.canEdit && (
          <RowActions connection={w} onEdit={() => props.onEdit(w)} onDelete={() => props.onDelete(w)} />
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip status={w.status} />
        {props.canSession && (
          <SessionButtons
            connection={w}
            busy={props.busyId === w.id}
            onShowQr={() => props.onShowQr(w)}
            onAction={(action) => props.onAction(w, action)}
            onDisconnect={() => props.onDisconnect(w)}
          />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('connections.table.lastUpdate')}: <span data-testid="connection-updated">{lastUpdate(w.updatedAt)}</span>
      </Typography>
    </Paper>
  );
}
