/**
 * One message of the thread (operations §2): ours on the right with ticks, the customer's on the
 * left (with the author in groups); the quoted message, the media, the text; deleted messages in
 * italics, an edited mark, and bot messages marked. Reply is offered for every message, delete
 * for one's own.
 */
import { memo, useState } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import { useTranslation } from 'react-i18next';
import { FormattedText } from './format/FormattedText';
import { MessageMedia, SELF_DESCRIBING, hasFile } from './media/MessageMedia';
import { QuotedMessage } from './QuotedMessage';
import { Ticks } from './Ticks';
import type { Message } from '@balcao/contracts';

interface Props {
  message: Message;
  isGroup: boolean;
  canDelete: boolean;
  onReply?: (m: Message) => void;
  onDelete?: (m: Message) => void;
  onMediaLoad?: () => void;
}

/** A document's caption often just repeats its file name: it is not shown twice. */
function visibleBody(m: Message) {
  if (SELF_DESCRIBING.has(m.mediaType)) return '';
  if (hasFile(m) && m.body && m.body === m.mediaName) return '';
  return m.body;
}

function MessageBubbleView({ message: m, isGroup, canDelete, onReply, onDelete, onMediaLoad }: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const mine = m.fromMe;
  const body = visibleBody(m);
  const time = format(new Date(m.createdAt), 'HH:mm');
  const hasActions = Boolean(onReply) || (canDelete && !m.isDeleted);

  return (
    <Stack
      sx={{
        alignItems: mine ? 'flex-end' : 'flex-start',
        '&:hover .msg-actions, &:focus-within .msg-actions': { opacity: 1 },
      }}
      data-testid="thread-message"
      data-message-id={m.id}
      data-from-me={mine ? 'true' : 'false'}
      data-media-type={m.mediaType}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          maxWidth: { xs: '90%', md: '75%' },
          minWidth: 96,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: mine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : 'background.paper',
          color: 'text.primary',
          wordBreak: 'break-word',
        })}
      >
        {hasActions && (
          <IconButton
            className="msg-actions"
            size="small"
            aria-label={t('tickets.thread.actions')}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ position: 'absolute', top: 0, right: 0, opacity: { xs: 1, md: 0 }, p: 0.25 }}
            data-testid="message-actions"
          >
            <ExpandMoreIcon fontSize="small" />
          </IconButton>
        )}
        {isGroup && !mine && m.contact && (
          <Typography variant="caption" sx={{ fontWeight: 600, color: 'secondary.main', display: 'block' }}>
            {m.contact.name}
          </Typography>
        )}
        {m.fromBot && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'info.main' }}
            data-testid="message-bot"
          >
            <SmartToyIcon sx={{ fontSize: 14 }} />
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {t('tickets.thread.bot')}
            </Typography>
          </Stack>
        )}
        {m.quotedMsg && <QuotedMessage quoted={m.quotedMsg} />}
        {m.isDeleted ? (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary', pr: 2 }}
            data-testid="message-deleted"
          >
            <BlockIcon sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap' }}>
              {body || t('tickets.thread.deleted')}
            </Typography>
          </Stack>
        ) : (
          <>
            <Box sx={{ pr: hasActions ? 2.5 : 0 }}>
              <MessageMedia message={m} onLoad={onMediaLoad} />
            </Box>
            {body && (
              <Typography
                variant="body2"
                sx={{
                  whiteSpace: 'pre-wrap',
                  mt: m.mediaType === 'chat' ? 0 : 0.5,
                  pr: hasActions && m.mediaType === 'chat' ? 2.5 : 0,
                }}
                data-testid="message-body"
              >
                <FormattedText text={body} />
              </Typography>
            )}
          </>
        )}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', color: 'text.secondary', mt: 0.25 }}
        >
          {m.isDeleted && (
            <Typography variant="caption" sx={{ fontStyle: 'italic' }}>
              {t('tickets.thread.deletedMark')}
            </Typography>
          )}
          {m.isEdited && !m.isDeleted && (
            <Typography variant="caption" sx={{ fontStyle: 'italic' }} data-testid="message-edited">
              {t('tickets.thread.edited')}
            </Typography>
          )}
          <Typography variant="caption">{time}</Typography>
          {mine && <Ticks ack={m.ack} error={m.error} />}
        </Stack>
      </Box>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {onReply && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              onReply(m);
            }}
            data-testid="message-reply"
          >
            {t('tickets.thread.reply')}
          </MenuItem>
        )}
        {canDelete && !m.isDeleted && onDelete && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              onDelete(m);
            }}
            sx={{ color: 'error.main' }}
            data-testid="message-delete"
          >
            {t('common.delete')}
          </MenuItem>
        )}
      </Menu>
    </Stack>
  );
}

export const MessageBubble = memo(MessageBubbleView);
