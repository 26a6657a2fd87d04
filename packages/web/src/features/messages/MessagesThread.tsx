/**
 * The conversation (operations §2): newest at the bottom; scrolled within 50 px of the top, the
 * previous page loads above and the view stays on the message the reader was looking at. A new
 * message scrolls into view when the reader is at the bottom (or wrote it): lib/ui/ReverseScroll.tsx.
 * The ticket's activity trail (issue 36), given, shows as lines between the messages by time.
 */
import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { ReverseScroll } from '../../lib/ui/ReverseScroll';
import { MessageBubble } from './MessageBubble';
import { ActivityLine } from './activity/ActivityLine';
import { interleave } from './activity/interleave';
import type { useMessages } from './useMessages';
import type { Message, TicketActivityRecord } from '@balcao/contracts';

const OLDER_WITHIN_PX = 50;

interface Props {
  thread: ReturnType<typeof useMessages>;
  isGroup: boolean;
  canDelete?: (m: Message) => boolean;
  onReply?: (m: Message) => void;
  onDelete?: (m: Message) => void;
  activity?: TicketActivityRecord[];
}

const NO_ACTIVITY: TicketActivityRecord[] = [];

const dayOf = (m: Message) => formatDate(new Date(m.createdAt));

export function MessagesThread({ thread, isGroup, canDelete, onReply, onDelete, activity = NO_ACTIVITY }: Props) {
  const { t } = useTranslation();
  const { messages } = thread;

  return (
    <ReverseScroll
      thread={thread}
      items={messages}
      lastIsMine={messages.at(-1)?.fromMe ?? false}
      olderWithinPx={OLDER_WITHIN_PX}
      empty={{ text: t('tickets.thread.empty'), testId: 'thread-empty' }}
      alsoShown={activity.length}
      sx={(theme) => ({
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        px: { xs: 1, sm: 2 },
        py: 1.5,
        bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2',
      })}
      testId="messages-thread"
    >
      {(stickToBottom) => {
        let lastDay: string | null = null;
        return interleave(messages, activity, !thread.hasNextPage).map((entry) => {
          if (entry.kind === 'activity') return <ActivityLine key={entry.key} record={entry.record} />;
          const m = entry.message;
          const day = dayOf(m);
          const newDay = day !== lastDay;
          lastDay = day;
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
        });
      }}
    </ReverseScroll>
  );
}
