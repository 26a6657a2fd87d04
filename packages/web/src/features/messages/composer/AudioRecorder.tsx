/**
 * Voice notes (operations §4, recording): idle → recording → sent as mp3, or cancelled. The
 * microphone is asked for when recording starts and released when it ends.
 */
import { useEffect, useRef, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/HighlightOff';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import MicIcon from '@mui/icons-material/Mic';
import { useTranslation } from 'react-i18next';
import { toastError, toastErrorText, toastWarning } from '../../../lib/toast';
import { keepRecording, recordingToMp3 } from './mp3';

type Phase = 'idle' | 'recording' | 'encoding';

interface Props {
  disabled: boolean;
  onRecorded: (file: File) => Promise<void>;
  onActiveChange: (active: boolean) => void;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export function AudioRecorder({ disabled, onRecorded, onActiveChange }: Props) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(false);

  useEffect(() => onActiveChange(phase !== 'idle'), [phase, onActiveChange]);

  useEffect(() => {
    if (phase !== 'recording') return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the ticket while recording releases the microphone.
  useEffect(
    () => () => {
      keep.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      toastErrorText(t('tickets.composer.noMicrophone'));
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      chunks.current = [];
      rec.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.current.push(e.data);
      };
      rec.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        if (keep.current) void finish(new Blob(chunks.current, { type: rec.mimeType }));
        else setPhase('idle');
      };
      recorder.current = rec;
      rec.start();
      setPhase('recording');
    } catch {
      toastErrorText(t('tickets.composer.noMicrophone'));
    }
  };

  const stop = (send: boolean) => {
    keep.current = send;
    if (send) setPhase('encoding');
    recorder.current?.stop();
  };

  const finish = async (blob: Blob) => {
    try {
      const file = await recordingToMp3(blob);
      if (!keepRecording(file.size)) toastWarning(t('tickets.composer.audioTooShort'));
      else await onRecorded(file);
    } catch (err) {
      toastError(err);
    } finally {
      setPhase('idle');
    }
  };

  if (phase === 'idle') {
    return (
      <Tooltip title={t('tickets.composer.record')}>
        <span>
          <IconButton
            onClick={() => void start()}
            disabled={disabled}
            aria-label={t('tickets.composer.record')}
            data-testid="composer-record"
          >
            <MicIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="composer-recording">
      <IconButton
        onClick={() => stop(false)}
        disabled={phase === 'encoding'}
        aria-label={t('tickets.composer.cancelRecording')}
      >
        <CancelIcon color="error" />
      </IconButton>
      {phase === 'encoding' ? (
        <CircularProgress size={20} />
      ) : (
        <Typography variant="body2" sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
          {clock(seconds)}
        </Typography>
      )}
      <IconButton
        onClick={() => stop(true)}
        disabled={phase === 'encoding'}
        aria-label={t('tickets.composer.sendRecording')}
      >
        <CheckIcon color="success" />
      </IconButton>
    </Stack>
  );
}
