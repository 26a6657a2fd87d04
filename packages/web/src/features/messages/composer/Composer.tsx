/**
 * The composer (operations §2, §5): enabled only while the ticket is open; up to 5 rows; Enter
 * sends and Shift+Enter breaks the line; empty text is not sent. Files go as `medias` (the text
 * is the caption), voice notes as mp3, a reply quotes its message, and the signOption switch
 * (kept in local storage, on by default) signs with the user's name. "/x" opens quick answers.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast';
import { fetchMediaFile, isFetchable } from '../media/useMediaBlob';
import { QuotedMessage } from '../QuotedMessage';
import { useSendMessage } from '../useMessages';
import type { Message, QuickMessage } from '@balcao/contracts';
import { AudioRecorder } from './AudioRecorder';
import { matchQuick, QuickAnswerMenu, quickTerm, useQuickMessages } from './QuickAnswerMenu';
import { useSignOption } from './signOption';

export const COMPOSER_MAX_ROWS = 5;

interface Props {
  ticketId: number;
  enabled: boolean;
  replyTo: Message | null;
  onReplyDone: () => void;
  /** Set when a navigation asked for the focus (keyboard open, accept): taken once enabled. */
  focusKey?: string;
}

export function Composer({ ticketId, enabled, replyTo, onReplyDone, focusKey }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [recording, setRecording] = useState(false);
  const [active, setActive] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const [signOption, setSignOption] = useSignOption();
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(ticketId);

  useEffect(() => {
    if (focusKey && enabled) input.current?.focus();
  }, [focusKey, enabled]);

  const term = enabled && !menuClosed ? quickTerm(text) : null;
  const quick = useQuickMessages(enabled);
  const options = term === null ? [] : matchQuick(quick.data ?? [], term);
  const menuOpen = options.length > 0;

  const deliver = async (body: string, attach: File[] = []) => {
    try {
      await send.mutateAsync({ body, files: attach, quotedMsgId: replyTo?.id, signOption });
      onReplyDone();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  const submit = async () => {
    if (send.isPending || !enabled) return;
    if (!text.trim() && files.length === 0) return;
    if (await deliver(text, files)) {
      setText('');
      setFiles([]);
      input.current?.focus();
    }
  };

  const pick = async (q: QuickMessage) => {
    setActive(0);
    if (q.isMedia && isFetchable(q.mediaUrl)) {
      setText('');
      try {
        const file = await fetchMediaFile(q.mediaUrl, q.mediaName || 'arquivo');
        await deliver(q.message, [file]);
      } catch (err) {
        toastError(err);
      }
      return;
    }
    setText(q.message);
    setMenuClosed(true);
    input.current?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    if (menuOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + options.length) % options.length);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setMenuClosed(true);
        return;
      }
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        void pick(options[Math.min(active, options.length - 1)]!);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (chosen.length > 0) setFiles((f) => [...f, ...chosen]);
  };

  const onRecorded = useCallback(
    async (file: File) => {
      await send.mutateAsync({ body: '', files: [file], quotedMsgId: replyTo?.id, signOption: false });
      onReplyDone();
    },
    [send, replyTo, onReplyDone],
  );

  const canType = enabled && !recording;
  const empty = !text.trim() && files.length === 0;

  return (
    <Box
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', position: 'relative' }}
      data-testid="composer"
    >
      {menuOpen && (
        <QuickAnswerMenu options={options} active={Math.min(active, options.length - 1)} onPick={(q) => void pick(q)} />
      )}
      {replyTo && (
        <Box sx={{ px: 1.5, pt: 1 }} data-testid="composer-reply">
          <QuotedMessage
            quoted={{ ...replyTo, contact: replyTo.contact ?? null }}
            onClose={
              <IconButton size="small" aria-label={t('tickets.composer.cancelReply')} onClick={onReplyDone}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          />
        </Box>
      )}
      {files.length > 0 && (
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ px: 1.5, pt: 1, flexWrap: 'wrap' }}
          data-testid="composer-files"
        >
          {files.map((f, i) => (
            <Chip
              key={`${f.name}-${i}`}
              size="small"
              icon={<AttachFileIcon />}
              label={f.name}
              onDelete={() => setFiles((all) => all.filter((_, j) => j !== i))}
              sx={{ maxWidth: 220 }}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end', p: 1 }}>
        <input ref={fileInput} type="file" multiple hidden onChange={onFiles} data-testid="composer-file" />
        <Tooltip title={t('tickets.composer.attach')}>
          <span>
            <IconButton
              onClick={() => fileInput.current?.click()}
              disabled={!canType}
              aria-label={t('tickets.composer.attach')}
              data-testid="composer-attach"
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          inputRef={input}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMenuClosed(false);
            setActive(0);
          }}
          onKeyDown={onKey}
          disabled={!canType}
          multiline
          maxRows={COMPOSER_MAX_ROWS}
          fullWidth
          size="small"
          placeholder={enabled ? t('tickets.composer.placeholder') : t('tickets.composer.closed')}
          slotProps={{
            htmlInput: {
              'aria-label': t('tickets.composer.label'),
              'aria-expanded': menuOpen,
              'data-testid': 'composer-input',
            },
          }}
        />
        {empty && !send.isPending ? (
          <AudioRecorder disabled={!enabled} onRecorded={onRecorded} onActiveChange={setRecording} />
        ) : (
          <Tooltip title={t('tickets.composer.send')}>
            <span>
              <IconButton
                color="primary"
                onClick={() => void submit()}
                disabled={!enabled || send.isPending || empty}
                aria-label={t('tickets.composer.send')}
                data-testid="composer-send"
              >
                <SendIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, pb: 0.5, mt: -0.5 }}>
        <Switch
          size="small"
          checked={signOption}
          onChange={(e) => setSignOption(e.target.checked)}
          disabled={!enabled}
          slotProps={{ input: { 'aria-label': t('tickets.composer.sign') } }}
          data-testid="composer-sign"
        />
        <Typography variant="caption" color="text.secondary">
          {t('tickets.composer.sign')}
        </Typography>
      </Stack>
    </Box>
  );
}
