import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CropFreeIcon from '@mui/icons-material/CropFree';
import SignalOffIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SyncIcon from '@mui/icons-material/Sync';
import TimerOffIcon from '@mui/icons-material/TimerOffOutlined';
import { useTranslation } from 'react-i18next';

const LOOK: Record<string, { color: 'success' | 'warning' | 'error' | 'info' | 'default'; icon: ReactElement }> = {
  CONNECTED: { color: 'success', icon: <CheckCircleIcon /> },
  qrcode: { color: 'warning', icon: <CropFreeIcon /> },
  PAIRING: { color: 'info', icon: <SyncIcon /> },
  OPENING: { color: 'default', icon: <CircularProgress size={14} /> },
  DISCONNECTED: { color: 'error', icon: <SignalOffIcon /> },
  TIMEOUT: { color: 'error', icon: <TimerOffIcon /> },
};

/** A connection's session status, as a coloured label. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = LOOK[status] ?? LOOK.DISCONNECTED!;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={t(`connections.status.${status}`, { defaultValue: status })}
      data-testid="connection-status"
      data-status={status}
    />
  );
}
