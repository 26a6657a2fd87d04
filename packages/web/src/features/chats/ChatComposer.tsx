/** Writes a message: Enter or the button sends (Shift+Enter breaks the line); blank text is not sent. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@balcao/contracts';

export function ChatComposer({ onSend }: { onSend: (text: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // Chat failures are silent (operations §8): the text stays, to send again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1, borderTop: 1, borderColor: 'divider' }}>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        placeholder={t('chats.typeMessage')}
        multiline
        maxRows={5}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH, 'aria-label': t('chats.typeMessage') } }}
        data-testid="chat-input"
      />
      <IconButton
        color="primary"
        onClick={() => void send()}
        disabled={blank || sending}
        aria-label={t('chats.send')}
        data-testid="chat-send"
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
