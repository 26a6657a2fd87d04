import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { SANDBOX_MEDIA, type SandboxMediaType, type SandboxMessageBody } from '@balcao/contracts';
import { toastError, toastErrorText } from '../../../lib/toast';

const ACCEPT = Object.keys(SANDBOX_MEDIA).join(',');

/** A file's bytes as base64 (without the data-URL prefix). */
const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

interface Props {
  disabled: boolean;
  onSend: (body: string, media?: SandboxMessageBody['media']) => Promise<void>;
}

/** What the customer types or attaches. Enter sends; Shift+Enter starts a new line. */
export function Composer({ disabled, onSend }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = async (media?: SandboxMessageBody['media']) => {
    if (sending || (!text.trim() && !media)) return;
    setSending(true);
    try {
      await onSend(text, media);
      setText('');
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const spec = SANDBOX_MEDIA[file.type as SandboxMediaType];
    if (!spec) return toastErrorText(t('simulator.chat.unsupported'));
    if (file.size > spec.maxBytes)
      return toastErrorText(t('simulator.chat.tooLarge', { mb: spec.maxBytes / 1024 / 1024 }));
    await send({ data: await toBase64(file), mimetype: file.type, fileName: file.name });
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', p: 1, borderTop: 1, borderColor: 'divider' }}>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="simulator-file"
      />
      <Tooltip title={t('simulator.chat.attach')}>
        <span>
          <IconButton
            aria-label={t('simulator.chat.attach')}
            disabled={disabled || sending}
            onClick={() => fileInput.current?.click()}
          >
            <AttachFileIcon />
          </IconButton>
        </span>
      </Tooltip>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        placeholder={disabled ? t('simulator.chat.notConnected') : t('simulator.chat.placeholder')}
        disabled={disabled}
        multiline
        maxRows={4}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { 'aria-label': t('simulator.chat.message'), maxLength: 4096 } }}
        data-testid="simulator-text"
      />
      <Tooltip title={t('simulator.chat.send')}>
        <span>
          <IconButton
            color="primary"
            aria-label={t('simulator.chat.send')}
            disabled={disabled || sending || !text.trim()}
            onClick={() => void send()}
            data-testid="simulator-send"
          >
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
