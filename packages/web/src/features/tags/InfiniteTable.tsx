/**
 * A table of a paged list that loads the next page when scrolled within 100 px of its bottom
 * (operations §9), with loading and empty rows. Tags and quick messages use it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const SCROLL_TRIGGER_PX = 100;

export interface Column {
  label: ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Hidden on phones. */
  wideOnly?: boolean;
}

export const wideOnlyCell = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface Props<T> {
  rows: T[];
  columns: Column[];
  renderRow: (row: T) => ReactNode;
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  emptyText: string;
  testId: string;
}

export function InfiniteTable<T>({
  rows,
  columns,
  renderRow,
  loading,
  hasMore,
  onLoadMore,
  emptyText,
  testId,
}: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const check = () => {
    const el = box.current;
    if (!el || loading || !hasMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_TRIGGER_PX) onLoadMore();
  };
  // A first page shorter than the box cannot be scrolled: load on until it fills.
  useEffect(check);

  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={box}
      onScroll={check}
      sx={{ maxHeight: { xs: 'calc(100vh - 230px)', sm: 'calc(100vh - 190px)' } }}
      data-testid={testId}
    >
      <Table stickyHeader size="small">
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                key={i}
                align={c.align}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...(c.wideOnly ? wideOnlyCell : {}) }}
              >
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(renderRow)}
          {loading && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                <CircularProgress size={24} />
              </TableCell>
            </TableRow>
          )}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={columns.length}
                align="center"
                sx={{ py: 4, color: 'text.secondary' }}
                data-testid="empty-state"
              >
                {emptyText}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
