import { useEffect, useRef } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@balcao/contracts';

/** QR size on screen (foundation §2). */
export const QR_SIZE = 256;

/**
 * The QR code of a connection waiting to be paired. It follows the live list (session events
 * replace the code every ~20 s) and closes itself once the code is gone (paired, given up).
 */
export function QrCodeDialog({ connection, onClose }: { connection: Connection | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const qrcode = connection?.qrcode ?? '';
  // A 256 px code and the dialog's margins do not fit a phone: there it takes the screen.
  const fullScreen = useMediaQuery('(max-width:419.95px)');
  const shown = useRef(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (qrcode) shown.current = true;
    else if (shown.current || (connection && connection.status !== 'qrcode' && connection.status !== 'OPENING'))
      close.current();
  }, [qrcode, connection]);

  return (
    <Dialog
      open={Boolean(connection)}
      onClose={onClose}
      fullScreen={fullScreen}
      data-testid="qrcode-dialog"
      aria-labelledby="qrcode-title"
    >
      <DialogTitle id="qrcode-title">{t('connections.qr.title', { name: connection?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: QR_SIZE + 32 }}>
          {connection?.provider === 'sandbox' ? t('connections.qr.sandboxHint') : t('connections.qr.hint')}
        </Typography>
        <Box
          sx={{
            width: QR_SIZE,
            height: QR_SIZE,
            mx: 'auto',
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fff',
            p: 1,
            boxSizing: 'content-box',
          }}
        >
          {qrcode ? (
            <QRCodeSVG
              value={qrcode}
              size={QR_SIZE}
              role="img"
              aria-label={t('connections.qr.alt')}
              data-testid="qrcode-image"
            />
          ) : (
            <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
              <CircularProgress size={28} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('connections.qr.waiting')}
              </Typography>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
