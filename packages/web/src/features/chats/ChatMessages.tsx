/**
 * A chat's messages, oldest first, newest at the bottom. Scrolled within 600 px of the top, the
 * previous page loads above and the view stays on what the reader was looking at (operations
 * §9); a new message scrolls into view when the reader is at the bottom or wrote it
 * (lib/ui/ReverseScroll.tsx).
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@balcao/contracts';
import { formatDateTime } from '../../lib/dates';
import { ReverseScroll } from '../../lib/ui/ReverseScroll';
import type { useChatMessages } from './useChatMessages';

/** Operations §9: the chat pane loads older messages within 600 px of the top. */
export const OLDER_WITHIN_PX = 600;

export function ChatMessages({ thread, myId }: { thread: ReturnType<typeof useChatMessages>; myId: number }) {
  const { t } = useTranslation();
  const { messages } = thread;
  return (
    <ReverseScroll
      thread={thread}
      items={messages}
      lastIsMine={messages.at(-1)?.senderId === myId}
      olderWithinPx={OLDER_WITHIN_PX}
      empty={{ text: t('chats.noMessages'), testId: 'chat-messages-empty' }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5, bgcolor: 'action.hover' }}
      testId="chat-messages"
    >
      {() => messages.map((m) => <Bubble key={m.id} message={m} mine={m.senderId === myId} />)}
    </ReverseScroll>
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
