/**
 * The one table of a list page. Columns say what each cell shows and where it hides on narrow
 * screens; the table draws the states: a spinner while loading, the empty text, the error with a
 * retry (in place of the table, or under the rows when a next page failed). A paged list
 * (`onLoadMore`) scrolls in its own box under a sticky header and loads on near its end
 * (operations §9); a plain list grows with the page. On phones `renderCard` may replace the rows
 * by one card each, for rows whose controls do not fit a table row at 390 px.
 */
import { Fragment, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { useNearEnd } from './useNearEnd';

/** What a list hook hands the table (`usePagedList().table`, `queryRows(query)`). */
export interface TableRows<T> {
  rows: T[];
  loading: boolean;
  /** Nothing could be read: the error and its retry replace the table. */
  failed: boolean;
  onRetry: () => void;
  /** Paged lists only. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** A next page failed: a retry under the rows, and no more loading on scroll until then. */
  moreFailed?: boolean;
}

export interface Column<T> {
  /** The header; for a column without one (a picture), what screen readers call it. */
  label: string;
  hideLabel?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Hidden on screens narrower than this breakpoint: `sm` phones, `md` also small tablets. */
  hideBelow?: 'sm' | 'md';
  padding?: 'checkbox' | 'none';
  /** Layout of the column's header and cells (widths, padding, wrapping). */
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
  /** `data-testid` of the column's cells. */
  testId?: string;
}

type RowAttributes = Omit<TableRowProps, 'children'> & Record<`data-${string}`, string | number | undefined>;

interface Props<T extends { id: number }> extends TableRows<T> {
  columns: Column<T>[];
  /** Test id and data attributes, `selected`, `sx` of a row. */
  rowProps?: (row: T) => RowAttributes;
  renderCard?: (row: T) => ReactNode;
  emptyText: string;
  testId: string;
  /** Height of a paged list's box (default: the window below a page's title row). */
  maxHeight?: { xs: string; sm: string };
}

const PAGED_HEIGHT = { xs: 'max(200px, calc(100vh - 230px))', sm: 'max(200px, calc(100vh - 190px))' };

const hidden = { sm: { display: { xs: 'none', sm: 'table-cell' } }, md: { display: { xs: 'none', md: 'table-cell' } } };
/** After the column's own sx: a header is bold and on one line whatever its cells do. */
const headSx = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

export function InfiniteTable<T extends { id: number }>({
  rows,
  loading,
  failed,
  onRetry,
  hasMore = false,
  onLoadMore,
  moreFailed = false,
  columns,
  rowProps,
  renderCard,
  emptyText,
  testId,
  maxHeight = PAGED_HEIGHT,
}: Props<T>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const paged = Boolean(onLoadMore);
  useNearEnd(box, end, paged && hasMore && !loading && !moreFailed && !failed, () => onLoadMore?.());
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')) && renderCard;

  if (failed) return <ErrorState onRetry={onRetry} />;
  const scroll = paged ? { maxHeight, overflow: 'auto' } : undefined;
  const marker = paged && <Box ref={end} sx={{ height: '1px' }} aria-hidden />;
  // Under the rows: the spinner, or the retry of a next page that failed (it asks for that page again).
  const more = loading ? (
    <CircularProgress size={24} aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />
  ) : moreFailed ? (
    <ErrorState onRetry={onLoadMore} />
  ) : null;

  if (cards) {
    return (
      <Box ref={box} sx={scroll} data-testid={testId}>
        <Stack spacing={1.5}>
          {rows.map((r) => (
            <Fragment key={r.id}>{renderCard(r)}</Fragment>
          ))}
          {more ?? (rows.length === 0 && <EmptyState text={emptyText} />)}
        </Stack>
        {marker}
      </Box>
    );
  }
  const cellSx = (c: Column<T>) => [c.hideBelow ? hidden[c.hideBelow] : false, c.sx ?? false];
  return (
    <TableContainer component={Paper} variant="outlined" ref={box} sx={scroll} data-testid={testId}>
      <Table stickyHeader={paged} size="small">
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                key={i}
                align={c.align}
                padding={c.padding}
                aria-label={c.hideLabel ? c.label : undefined}
                sx={[...cellSx(c), headSx]}
              >
                {!c.hideLabel && c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover {...rowProps?.(r)}>
              {columns.map((c, i) => (
                <TableCell key={i} align={c.align} padding={c.padding} sx={cellSx(c)} data-testid={c.testId}>
                  {c.cell(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {more ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                {more}
              </TableCell>
            </TableRow>
          ) : (
            rows.length === 0 && (
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
            )
          )}
        </TableBody>
      </Table>
      {marker}
    </TableContainer>
  );
}
