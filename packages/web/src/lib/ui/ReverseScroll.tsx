/**
 * A conversation's scroll, newest at the bottom (the tickets' thread and the internal chats):
 * scrolled within `olderWithinPx` of the top, the previous page loads above and the view stays on
 * what the reader was looking at; a new item scrolls into view when the reader is at the bottom or
 * wrote it. Also the states around it (loading, error, empty) and the spinner above while a page
 * loads. `children` gets `stickToBottom`, for content that grows after it shows (an image).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { ErrorState } from './ErrorState';
import { PageLoader } from './PageLoader';

/** Within this of the bottom, the reader counts as at the bottom and follows new items. */
const AT_BOTTOM_PX = 80;

/** What an infinite query of a conversation gives (oldest first in `items`). */
export interface ReverseThread {
  isLoading: boolean;
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface Props {
  thread: ReverseThread;
  items: readonly { id: number }[];
  /** Whether the newest item is the reader's own (followed even when scrolled up). */
  lastIsMine: boolean;
  olderWithinPx: number;
  /** Said when there are no items, unless `alsoShown` (lines drawn among the items) has some. */
  empty: { text: string; testId: string };
  alsoShown?: number;
  sx: SxProps<Theme>;
  testId: string;
  children: (stickToBottom: () => void) => ReactNode;
}

export function ReverseScroll({
  thread,
  items,
  lastIsMine,
  olderWithinPx,
  empty,
  alsoShown = 0,
  sx,
  testId,
  children,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const firstId = items[0]?.id;
  const lastId = items.at(-1)?.id;

  const loadOlder = useCallback(() => {
    const el = box.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Older items came in above: keep the reader where they were.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstId]);

  // A new item (or the first page): follow it when at the bottom or when it is ours.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (atBottom.current || lastIsMine) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [lastId, lastIsMine]);

  // Pages that do not reach past the top's zone give no scroll to ask for more.
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollTop <= olderWithinPx && hasNextPage && !isFetchingNextPage && !anchor.current) loadOlder();
  }, [items.length, hasNextPage, isFetchingNextPage, loadOlder, olderWithinPx]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (el.scrollTop <= olderWithinPx) loadOlder();
  };

  const stickToBottom = useCallback(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  return (
    <Box ref={box} onScroll={onScroll} sx={sx} aria-live="polite" data-testid={testId}>
      {thread.isLoading ? (
        <PageLoader />
      ) : thread.isError && !thread.data ? (
        <ErrorState onRetry={() => void thread.refetch()} />
      ) : items.length + alsoShown === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }} data-testid={empty.testId}>
          {empty.text}
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          {isFetchingNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              <CircularProgress size={20} />
            </Box>
          )}
          {children(stickToBottom)}
        </Stack>
      )}
    </Box>
  );
}
