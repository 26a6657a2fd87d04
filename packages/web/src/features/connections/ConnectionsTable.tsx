import type { UseQueryResult } from '@tanstack/react-query';
import { format } from 'date-fns';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../lib/ui/DataTable';
import { RowActions } from './RowActions';
import { SessionButtons } from './SessionButtons';
import { StatusChip } from './StatusChip';
import type { SessionAction } from './useConnections';
import type { Whatsapp } from './types';

/** dd/MM/yy HH:mm (foundation §9, connections table). */
export const lastUpdate = (value: string | undefined) => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? format(d, 'dd/MM/yy HH:mm') : '';
};

export interface ConnectionListProps {
  query: UseQueryResult<Whatsapp[]>;
  canSession: boolean;
  canEdit: boolean;
  busyId: number | null;
  onShowQr: (w: Whatsapp) => void;
  onAction: (w: Whatsapp, action: SessionAction) => void;
  onDisconnect: (w: Whatsapp) => void;
  onEdit: (w: Whatsapp) => void;
  onDelete: (w: Whatsapp) => void;
}

export function ConnectionsTable(props: ConnectionListProps) {
  const { query, canSession, canEdit, busyId } = props;
  const { t } = useTranslation();
  const head = [
    t('connections.table.name'),
    t('connections.table.status'),
    ...(canSession ? [t('connections.table.session')] : []),
    t('connections.table.lastUpdate'),
    t('connections.table.default'),
    ...(canEdit ? [t('connections.table.actions')] : []),
  ];
  return (
    <DataTable
      query={query}
      head={head}
      emptyText={t('connections.empty')}
      testId="connections-table"
      renderRow={(w) => (
        <TableRow key={w.id} hover data-testid="connection-row" data-connection-id={w.id}>
          <TableCell sx={{ minWidth: 140, wordBreak: 'break-word' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {w.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`connections.providers.${w.provider}`, { defaultValue: w.provider })}
              {w.number ? ` · +${w.number}` : ''}
            </Typography>
          </TableCell>
          <TableCell>
            <StatusChip status={w.status} />
          </TableCell>
          {canSession && (
            <TableCell>
              <SessionButtons
                connection={w}
                busy={busyId === w.id}
                onShowQr={() => props.onShowQr(w)}
                onAction={(action) => props.onAction(w, action)}
                onDisconnect={() => props.onDisconnect(w)}
              />
            </TableCell>
          )}
          <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="connection-updated">
            {lastUpdate(w.updatedAt)}
          </TableCell>
          <TableCell align="center">
            {w.isDefault && (
              <CheckCircleIcon
                color="success"
                fontSize="small"
                titleAccess={t('connections.table.default')}
                data-testid="connection-default"
              />
            )}
          </TableCell>
          {canEdit && (
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <RowActions connection={w} onEdit={() => props.onEdit(w)} onDelete={() => props.onDelete(w)} />
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}
