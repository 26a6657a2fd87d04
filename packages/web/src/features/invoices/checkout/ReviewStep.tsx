import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@balcao/contracts';
import { formatBRL } from '../../../lib/money';
import { formatDate } from '../../../lib/dates';
import type { CheckoutAddress } from '../billingCalls';

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Step 3, what will be charged and to whom, before the PIX code is made. */
export function ReviewStep({ invoice, address, plan }: { invoice: Invoice; address: CheckoutAddress; plan: string }) {
  const { t } = useTranslation();
  const place = [address.address2, address.city, address.state, address.zipcode, address.country].filter(Boolean);
  return (
    <Stack spacing={1.25} data-testid="checkout-review">
      <Line label={t('invoices.checkout.payer')} value={`${address.firstName} ${address.lastName}`.trim()} />
      <Line label={t('invoices.checkout.fields.address2')} value={place.join(', ')} />
      {address.cpfCnpj && <Line label={t('invoices.checkout.fields.cpfCnpj')} value={address.cpfCnpj} />}
      <Divider />
      <Line label={t('invoices.checkout.plan')} value={plan} />
      <Line label={t('invoices.table.id')} value={String(invoice.id)} />
      <Line label={t('invoices.table.dueDate')} value={formatDate(invoice.dueDate)} />
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle1">{t('invoices.checkout.total')}</Typography>
        <Typography variant="h6" color="primary" data-testid="checkout-total">
          {formatBRL(invoice.value)}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('invoices.checkout.pixNote')}
      </Typography>
    </Stack>
  );
}
