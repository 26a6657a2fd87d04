import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from './useConnections';
import type { Connection } from '@balcao/contracts';

interface Props {
  connection: Connection;
  busy: boolean;
  onShowQr: () => void;
  onAction: (action: SessionAction) => void;
  onDisconnect: () => void;
}

/**
 * The session column (foundation §4): qrcode → QR button; DISCONNECTED → try again and new QR;
 * OPENING → a disabled "connecting" button with a spinner; PAIRING, TIMEOUT and CONNECTED →
 * disconnect (asked first).
 */
export function SessionButtons({ connection, busy, onShowQr, onAction, onDisconnect }: Props) {
  const { t } = useTranslation();
  const common = { size: 'small', variant: 'outlined', sx: { whiteSpace: 'nowrap' } } as const;
  switch (connection.status) {
    case 'qrcode':
      return (
        <Button {...common} variant="contained" onClick={onShowQr} data-testid="session-qrcode">
          {t('connections.buttons.qrcode')}
        </Button>
      );
    case 'DISCONNECTED':
      return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button {...common} disabled={busy} onClick={() => onAction('start')} data-testid="session-retry">
            {t('connections.buttons.tryAgain')}
          </Button>
          <Button
            {...common}
            color="secondary"
            disabled={busy}
            onClick={() => onAction('newQr')}
            data-testid="session-new-qr"
          >
            {t('connections.buttons.newQr')}
          </Button>
        </Stack>
      );
    case 'OPENING':
      return (
        <Button {...common} disabled startIcon={<CircularProgress size={14} />} data-testid="session-connecting">
          {t('connections.buttons.connecting')}
        </Button>
      );
    case 'PAIRING':
    case 'TIMEOUT':
    case 'CONNECTED':
      return (
        <Button {...common} color="error" disabled={busy} onClick={onDisconnect} data-testid="session-disconnect">
          {t('connections.buttons.disconnect')}
        </Button>
      );
    default:
      return null;
  }
}
