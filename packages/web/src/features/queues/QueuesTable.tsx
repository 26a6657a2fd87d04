import type { UseQueryResult } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { ErrorState } from '../../lib/ui/ErrorState';
import { ColorSwatch } from './ColorField';
import type { Queue } from './types';

/** Columns a phone does without (the id and the greeting's text). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Queues list (automation §2): id, name, colour, orderQueue, greeting, edit and delete. */
export function QueuesTable({
  query,
  onEdit,
  onDelete,
}: {
  query: UseQueryResult<Queue[]>;
  onEdit: (q: Queue) => void;
  onDelete: (q: Queue) => void;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="queues-table">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...wideOnly, fontWeight: 600 }}>{t('queues.table.id')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('queues.table.name')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="center">
              {t('queues.table.color')}
            </TableCell>
            <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} align="center">
              {t('queues.table.orderQueue')}
            </TableCell>
            <TableCell sx={{ ...wideOnly, fontWeight: 600 }}>{t('queues.table.greeting')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              {t('common.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {query.isLoading ? (
            <TableRow>
              <TableCell colSpan={6} align="center">
                <CircularProgress size={24} />
              </TableCell>
            </TableRow>
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="empty-state">
                {t('queues.empty')}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((q) => (
              <TableRow key={q.id} hover data-testid="queue-row" data-queue-id={q.id}>
                <TableCell sx={wideOnly}>{q.id}</TableCell>
                <TableCell sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{q.name}</TableCell>
                <TableCell align="center">
                  <ColorSwatch color={q.color} />
                </TableCell>
                <TableCell align="center">{q.orderQueue ?? '—'}</TableCell>
                <TableCell
                  sx={{
                    ...wideOnly,
                    maxWidth: 360,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                    color: 'text.secondary',
                  }}
                  title={q.greetingMessage}
                >
                  {q.greetingMessage}
                </TableCell>
                <EditDeleteCell onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
