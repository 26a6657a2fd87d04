/**
 * The conversation (operations §2): newest at the bottom; scrolled within 50 px of the top, the
 * previous page loads above and the view stays on the message the reader was looking at. A new
 * message scrolls into view when the reader is at the bottom (or wrote it).
 */
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { MessageBubble } from './MessageBubble';
import type { useMessages } from './useMessages';
import type { Message } from '@balcao/contracts';

const OLDER_WITHIN_PX = 50;
const AT_BOTTOM_PX = 80;

interface Props {
  thread: ReturnType<typeof useMessages>;
  isGroup: boolean;
  canDelete?: (m: Message) => boolean;
  onReply?: (m: Message) => void;
  onDelete?: (m: Message) => void;
}

const dayOf = (m: Message) => formatDate(new Date(m.createdAt));

export function MessagesThread({ thread, isGroup, canDelete, onReply, onDelete }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const { messages, hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const firstId = messages[0]?.id;
  const last = messages.at(-1);

  const loadOlder = useCallback(() => {
    const el = box.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Older messages came in above: keep the reader where they were.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstId]);

  // A new message (or the first page): follow it when at the bottom or when it is ours.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (atBottom.current || last?.fromMe) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [last?.id, last?.fromMe]);

  // A first page that does not fill the box gives no scroll to ask for more.
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollHeight <= el.clientHeight && hasNextPage && !isFetchingNextPage) loadOlder();
  }, [messages.length, hasNextPage, isFetchingNextPage, loadOlder]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (el.scrollTop <= OLDER_WITHIN_PX) loadOlder();
  };

  const stickToBottom = useCallback(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      sx={(theme) => ({
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        px: { xs: 1, sm: 2 },
        py: 1.5,
        bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2',
      })}
      aria-live="polite"
      data-testid="messages-thread"
    >
      {thread.isLoading ? (
        <PageLoader />
      ) : thread.isError && !thread.data ? (
        <ErrorState onRetry={() => void thread.refetch()} />
      ) : messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }} data-testid="thread-empty">
          {t('tickets.thread.empty')}
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          {isFetchingNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              <CircularProgress size={20} />
            </Box>
          )}
          {messages.map((m, i) => {
            const day = dayOf(m);
            const newDay = i === 0 || dayOf(messages[i - 1]!) !== day;
            return (
              <Fragment key={m.id}>
                {newDay && (
                  <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }}>
                    <Chip size="small" label={day} sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
                  </Box>
                )}
                <MessageBubble
                  message={m}
                  isGroup={isGroup}
                  canDelete={canDelete?.(m) ?? false}
                  onReply={onReply}
                  onDelete={onDelete}
                  onMediaLoad={stickToBottom}
                />
              </Fragment>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
