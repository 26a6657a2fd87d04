import type { UseQueryResult } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { queryRows } from '../../lib/list/queryRows';
import { InfiniteTable, type Column } from '../../lib/ui/InfiniteTable';
import { ConnectionCard } from './ConnectionCard';
import { RowActions } from './RowActions';
import { SessionButtons } from './SessionButtons';
import { StatusChip } from './StatusChip';
import { lastUpdate, type ConnectionRowProps } from './connectionRow';
import type { Connection } from '@balcao/contracts';

type Props = Omit<ConnectionRowProps, 'connection'> & { query: UseQueryResult<Connection[]> };

/** The connections: a table, one card each on phones (the session buttons do not fit a row there). */
export function ConnectionsTable({ query, ...props }: Props) {
  const { canSession, canEdit, busyId } = props;
  const { t } = useTranslation();
  const columns: Column<Connection>[] = [
    {
      label: t('connections.table.name'),
      sx: { minWidth: 140, wordBreak: 'break-word' },
      cell: (w) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {w.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`connections.providers.${w.provider}`, { defaultValue: w.provider })}
            {w.number ? ` · +${w.number}` : ''}
          </Typography>
        </>
      ),
    },
    { label: t('connections.table.status'), cell: (w) => <StatusChip status={w.status} /> },
    ...(canSession
      ? [
          {
            label: t('connections.table.session'),
            cell: (w: Connection) => (
              <SessionButtons
                connection={w}
                busy={busyId === w.id}
                onShowQr={() => props.onShowQr(w)}
                onAction={(action) => props.onAction(w, action)}
                onDisconnect={() => props.onDisconnect(w)}
              />
            ),
          },
        ]
      : []),
    {
      label: t('connections.table.lastUpdate'),
      sx: { whiteSpace: 'nowrap' },
      testId: 'connection-updated',
      cell: (w) => lastUpdate(w.updatedAt),
    },
    {
      label: t('connections.table.default'),
      align: 'center',
      cell: (w) =>
        w.isDefault && (
          <CheckCircleIcon
            color="success"
            fontSize="small"
            titleAccess={t('connections.table.default')}
            data-testid="connection-default"
          />
        ),
    },
    ...(canEdit
      ? [
          {
            label: t('connections.table.actions'),
            align: 'right' as const,
            cell: (w: Connection) => (
              <RowActions connection={w} onEdit={() => props.onEdit(w)} onDelete={() => props.onDelete(w)} />
            ),
          },
        ]
      : []),
  ];
  return (
    <InfiniteTable
      {...queryRows(query)}
      testId="connections-table"
      emptyText={t('connections.empty')}
      rowProps={(w) => ({ 'data-testid': 'connection-row', 'data-connection-id': w.id })}
      columns={columns}
      renderCard={(w) => <ConnectionCard connection={w} {...props} />}
    />
  );
}
