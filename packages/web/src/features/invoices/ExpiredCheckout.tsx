/**
 * The login page's way for an expired company to pay: its refused login carried a billing token
 * (the admin gave the right password), which reads the company's invoices and pays the one due
 * first through the checkout; once paid, the checkout signs in with the same credentials.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from 'react-i18next';
import { invoiceToPay } from './billingCalls';
import CheckoutDialog from './checkout/CheckoutDialog';

interface Props {
  billing: { token: string; email: string; password: string };
  onClose: () => void;
}

export default function ExpiredCheckout({ billing, onClose }: Props) {
  const { t } = useTranslation();
  const invoice = useQuery({
    queryKey: ['invoice-to-pay', billing.token],
    queryFn: () => invoiceToPay(billing.token),
    retry: false,
    gcTime: 0,
  });
  if (invoice.data) return <CheckoutDialog invoice={invoice.data} billing={billing} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="expired-checkout">
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        {invoice.isLoading ? (
          <CircularProgress />
        ) : (
          <Alert severity={invoice.isError ? 'error' : 'info'} sx={{ width: '100%' }}>
            {invoice.isError ? t('invoices.expired.loadFailed') : t('invoices.expired.nothingOpen')}
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}
