import { useEffect, useRef } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { SubscriptionCharge } from '@balcao/contracts';
import { formatBRL } from '../../../lib/money';
import { formatDate } from '../../../lib/dates';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ErrorState } from '../../../lib/ui/ErrorState';

/** The spec's QR size (foundation §2, checkout). */
export const QR_SIZE = 256;

interface Props {
  charge: SubscriptionCharge | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Set once paid: the new due date (null when the company has none). */
  paidUntil: string | null | undefined;
}

/** Step 4: the PIX code as a QR code and as copy-and-paste text, the value, then the confirmation. */
export function PaymentStep({ charge, loading, error, onRetry, paidUntil }: Props) {
  const { t } = useTranslation();
  const reported = useRef<unknown>(null);
  useEffect(() => {
    // The provider's refusal says why (its words, in the server's message).
    if (error && reported.current !== error) {
      reported.current = error;
      toastError(error);
    }
  }, [error]);

  if (paidUntil !== undefined) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }} data-testid="checkout-paid">
        <CheckCircleIcon color="success" sx={{ fontSize: 72 }} />
        <Typography variant="h6">{t('invoices.checkout.paidTitle')}</Typography>
        <Typography color="text.secondary">
          {t('invoices.checkout.paidText', { date: formatDate(paidUntil) })}
        </Typography>
      </Stack>
    );
  }
  if (loading) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} data-testid="checkout-charging">
        <CircularProgress />
        <Typography color="text.secondary">{t('invoices.checkout.charging')}</Typography>
      </Stack>
    );
  }
  if (error || !charge) return <ErrorState onRetry={onRetry} text={t('invoices.checkout.chargeFailed')} />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
      toastSuccess(t('invoices.checkout.copied'));
    } catch {
      toastError(new Error(t('invoices.checkout.copyFailed')));
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="checkout-payment">
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('invoices.checkout.scan')}
      </Typography>
      {/* White around the code whatever the theme: scanners need the contrast. */}
      <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }} data-testid="checkout-qrcode">
        <QRCodeSVG value={charge.qrcode.qrcode} size={QR_SIZE} title={t('invoices.checkout.qrTitle')} />
      </Box>
      <Typography variant="h5" color="primary" sx={{ fontWeight: 600 }} data-testid="checkout-value">
        {formatBRL(charge.valor.original)}
      </Typography>
      <TextField
        label={t('invoices.checkout.pixCode')}
        value={charge.qrcode.qrcode}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'checkout-pix-code' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('invoices.checkout.copy')}>
                  <IconButton
                    aria-label={t('invoices.checkout.copy')}
                    onClick={() => void copy()}
                    data-testid="checkout-copy"
                  >
                    <CopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Alert
        severity="info"
        icon={<CircularProgress size={18} />}
        sx={{ width: '100%' }}
        data-testid="checkout-waiting"
      >
        {t('invoices.checkout.waiting')}
      </Alert>
    </Stack>
  );
}
