import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import CircularProgress from '@mui/material/CircularProgress';
import { ErrorState } from './ErrorState';

/** A table over a list query, with loading, error and empty rows; scrolls sideways when narrow. */
export function DataTable<T>({
  query,
  head,
  renderRow,
  emptyText,
  testId,
}: {
  query: UseQueryResult<T[]>;
  head: ReactNode[];
  renderRow: (row: T) => ReactNode;
  emptyText: string;
  testId?: string;
}) {
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  return (
    <TableContainer component={Paper} variant="outlined" data-testid={testId}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {query.isLoading ? (
            <TableRow>
              <TableCell colSpan={head.length} align="center">
                <CircularProgress size={24} />
              </TableCell>
            </TableRow>
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={head.length} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="empty-state">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map(renderRow)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
