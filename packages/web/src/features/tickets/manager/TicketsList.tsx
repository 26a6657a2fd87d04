/**
 * A virtualised ticket list: only the rows in view (and a few around) are in the page, so a
 * queue of thousands scrolls as lightly as one of ten. The next page loads when the scroll
 * comes within 100 px of the bottom (operations §9). The list is the page's skip-link target
 * (app/layout/SkipLink.tsx): the link lands on its first ticket.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/ui/EmptyState';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageLoader } from '../../../lib/ui/PageLoader';
import type { useTicketList } from '../useTicketLists';
import type { Ticket } from '@balcao/contracts';
import { TicketListItem } from './TicketListItem';
import { useShortcuts } from '../keyboard/useShortcuts';

const NEXT_PAGE_WITHIN_PX = 100;
const ROW_ESTIMATE_PX = 88;

interface Props {
  list: ReturnType<typeof useTicketList>;
  selectedRef?: string;
  small: boolean;
  canPeek: boolean;
  busy: boolean;
  emptyText: string;
  /** Shown under the empty text (e.g. where the waiting tickets are). */
  emptyExtra?: ReactNode;
  /** Put the focus on the first ticket once the list has one (it was asked from the keyboard). */
  focusFirst?: boolean;
  onOpen: (t: Ticket, how: { byKeyboard: boolean }) => void;
  onAccept: (t: Ticket) => void;
  onPeek: (t: Ticket) => void;
  /** Bulk selection: the ticked ids, and a tick (with the list's ids in order, for a shift range). */
  checked?: ReadonlySet<number>;
  onCheck?: (ids: number[], t: Ticket, shift: boolean) => void;
  /** A search's text: each item shows the message that matched with it marked. */
  highlight?: string;
  testId: string;
}

export function TicketsList(props: Props) {
  const {
    list,
    selectedRef,
    small,
    canPeek,
    busy,
    emptyText,
    emptyExtra,
    focusFirst,
    onOpen,
    onAccept,
    onPeek,
    testId,
  } = props;
  const { checked, onCheck, highlight } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const { tickets, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const check = useCallback(
    (tk: Ticket, shift: boolean) =>
      onCheck?.(
        tickets.map((x) => x.id),
        tk,
        shift,
      ),
    [onCheck, tickets],
  );

  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (i) => tickets[i]?.id ?? i,
    overscan: 6,
  });

  const maybeNextPage = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= NEXT_PAGE_WITHIN_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the box has no scroll to trigger the next one.
  useEffect(() => {
    maybeNextPage();
  }, [tickets.length, maybeNextPage]);

  const focused = useRef(false);
  const rendered = virtualizer.getVirtualItems().length;
  useEffect(() => {
    if (!focusFirst || focused.current || rendered === 0) return;
    const first = scroller.current?.querySelector<HTMLElement>('[data-ticket-id]');
    if (first) {
      first.focus();
      focused.current = true;
    }
  }, [focusFirst, rendered]);

  // The keyboard (keyboard/shortcuts.ts): j/k move from the focused row, else from the open
  // ticket; a ticket that can be opened opens (a pending one is only focused, to accept with a).
  const isOpen = (tk: Ticket) => selectedRef === tk.uuid || selectedRef === String(tk.id);
  const current = () => {
    const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-ticket-id]');
    const focusedId = row && scroller.current?.contains(row) ? Number(row.dataset.ticketId) : undefined;
    const i = tickets.findIndex((tk) => tk.id === focusedId);
    return i !== -1 ? i : tickets.findIndex(isOpen);
  };
  const moveBy = (step: number) => {
    if (tickets.length === 0) return;
    const from = current();
    const to = from === -1 ? 0 : Math.min(tickets.length - 1, Math.max(0, from + step));
    const tk = tickets[to]!;
    virtualizer.scrollToIndex(to, { align: 'auto' });
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-ticket-id="${tk.id}"]`)?.focus({ preventScroll: true }),
    );
    if (tk.status !== 'pending' && !isOpen(tk)) onOpen(tk, { byKeyboard: false });
  };
  useShortcuts({
    next: () => moveBy(1),
    previous: () => moveBy(-1),
    accept: () => {
      const tk = tickets[current()];
      if (tk?.status === 'pending' && !busy) onAccept(tk);
    },
  });

  if (list.isLoading) return <PageLoader />;
  if (list.isError && !list.data)
    return (
      <Box sx={{ p: 1.5 }}>
        <ErrorState onRetry={() => void list.refetch()} />
      </Box>
    );

  return (
    <Box
      ref={scroller}
      onScroll={maybeNextPage}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative', outline: 'none' }}
      tabIndex={-1}
      data-skip-target
      data-testid={testId}
      aria-busy={list.isFetching ? 'true' : undefined}
    >
      {tickets.length === 0 ? (
        <>
          <EmptyState text={emptyText} />
          {emptyExtra}
        </>
      ) : (
        <Box
          role="list"
          aria-label={t('tickets.list.label')}
          sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const tk = tickets[row.index]!;
            return (
              <Box
                key={row.key}
                role="listitem"
                data-index={row.index}
                ref={virtualizer.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
              >
                <TicketListItem
                  ticket={tk}
                  selected={selectedRef === tk.uuid || selectedRef === String(tk.id)}
                  small={small}
                  canPeek={canPeek}
                  busy={busy}
                  onOpen={onOpen}
                  onAccept={onAccept}
                  onPeek={onPeek}
                  checked={checked?.has(tk.id)}
                  onCheck={onCheck ? check : undefined}
                  highlight={highlight}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </Box>
  );
}
