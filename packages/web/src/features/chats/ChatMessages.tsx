/**
 * A chat's messages, oldest first, newest at the bottom. Scrolled within 600 px of the top, the
 * previous page loads above and the view stays on what the reader was looking at (operations
 * §9); a new message scrolls into view when the reader is at the bottom or wrote it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@balcao/contracts';
import { formatDateTime } from '../../lib/dates';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import type { useChatMessages } from './useChatMessages';

/** Operations §9: the chat pane loads older messages within 600 px of the top. */
export const OLDER_WITHIN_PX = 600;
const AT_BOTTOM_PX = 80;

export function ChatMessages({ thread, myId }: { thread: ReturnType<typeof useChatMessages>; myId: number }) {
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
    if (atBottom.current || last?.senderId === myId) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [last?.id, last?.senderId, myId]);

  // Pages that do not fill 600 px above the view give no scroll to ask for more.
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollTop <= OLDER_WITHIN_PX && hasNextPage && !isFetchingNextPage && !anchor.current) loadOlder();
  }, [messages.length, hasNextPage, isFetchingNextPage, loadOlder]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (el.scrollTop <= OLDER_WITHIN_PX) loadOlder();
  };

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5, bgcolor: 'action.hover' }}
      aria-live="polite"
      data-testid="chat-messages"
    >
      {thread.isLoading ? (
        <PageLoader />
      ) : thread.isError && !thread.data ? (
        <ErrorState onRetry={() => void thread.refetch()} />
      ) : messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }} data-testid="chat-messages-empty">
          {t('chats.noMessages')}
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          {isFetchingNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              <CircularProgress size={20} />
            </Box>
          )}
          {messages.map((m) => (
            <Bubble key={m.id} message={m} mine={m.senderId === myId} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        elevation={0}
        sx={{
          px: 1.5,
          py: 0.75,
          maxWidth: { xs: '85%', sm: '70%' },
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          boxShadow: 1,
        }}
        data-testid="chat-message"
        data-mine={mine ? 'true' : 'false'}
      >
        {!mine && (
          <Typography variant="caption" sx={{ fontWeight: 600, display: 'block', color: 'secondary.main' }}>
            {message.sender?.name ?? t('chats.formerUser')}
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Typography>
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.75, mt: 0.25 }}>
          {formatDateTime(message.createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
}
