import { QRCodeSVG } from 'qrcode.react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';
import { StatusChip } from '../StatusChip';
import { useSessionAction } from '../useConnections';
import type { SandboxState } from '@balcao/contracts';
import { useSimulatorActions } from './useSimulator';

/**
 * The simulated phone's pairing: while the connection shows a QR code, the phone "scans" it
 * (the same code the connections page shows); once paired it shows the connected number.
 */
export function PairingPanel({ state }: { state: SandboxState }) {
  const { t } = useTranslation();
  const { scan } = useSimulatorActions(state.id);
  const session = useSessionAction();

  const doScan = async () => {
    try {
      await scan.mutateAsync(state.qrcode);
      toastSuccess(t('simulator.pairing.scanned'));
    } catch (err) {
      toastError(err);
    }
  };
  const start = async () => {
    try {
      await session.mutateAsync({ id: state.id, action: 'start' });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-pairing">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="subtitle2">{t('simulator.pairing.title')}</Typography>
        <StatusChip status={state.status} />
      </Stack>
      {state.status === 'qrcode' && state.qrcode ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ p: 1, bgcolor: '#fff', lineHeight: 0, borderRadius: 1 }}>
            <QRCodeSVG value={state.qrcode} size={128} role="img" aria-label={t('connections.qr.alt')} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('simulator.pairing.scanHint')}
          </Typography>
          <Button
            variant="contained"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => void doScan()}
            disabled={scan.isPending}
            data-testid="simulator-scan"
          >
            {t('simulator.pairing.scan')}
          </Button>
        </Stack>
      ) : state.status === 'CONNECTED' ? (
        <Typography variant="body2" data-testid="simulator-paired">
          {t('simulator.pairing.connected', { number: state.number ? `+${state.number}` : '' })}
        </Typography>
      ) : state.status === 'DISCONNECTED' || state.status === 'TIMEOUT' ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('simulator.pairing.disconnected')}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => void start()}
            disabled={session.isPending}
            data-testid="simulator-start"
          >
            {t('simulator.pairing.start')}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('simulator.pairing.waiting')}</Typography>
        </Stack>
      )}
    </Paper>
  );
}
