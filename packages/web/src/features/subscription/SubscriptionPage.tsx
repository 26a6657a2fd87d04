/**
 * The subscription page (foundation §2): the trial's days left (calendar days to the company's
 * trialExpiration), the plan and the licence's due date, the billing email (read-only: it is the
 * company's, which the platform operator changes), and "sign now", which opens the checkout for
 * the invoice due first. Whoever may not pay (a user) sees the same without the button.
 */
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PixIcon from '@mui/icons-material/Pix';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { daysUntil, formatDate, toIsoDate } from '../../lib/dates';
import { formatBRL } from '../../lib/money';
import { toastError, toastInfo } from '../../lib/toast';
import { PageContainer } from '../../lib/ui/PageContainer';
import { invoiceToPay } from '../invoices/billingCalls';

const CheckoutDialog = lazy(() => import('../invoices/checkout/CheckoutDialog'));

export default function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const company = user.company;
  // The trial ends at an instant (its day is the browser's); the due date is a calendar day.
  const trialEnd = company.trialExpiration ? new Date(company.trialExpiration) : null;
  const trialDays = daysUntil(trialEnd);
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState<Invoice | null>(null);

  const signNow = async () => {
    setBusy(true);
    try {
      const invoice = await invoiceToPay();
      if (invoice) setPaying(invoice);
      else toastInfo(t('invoices.expired.nothingOpen'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  // Paid beyond the trial: the licence runs on the due date, the trial's days say nothing more.
  const subscribed = Boolean(company.dueDate && trialEnd) && company.dueDate! > toIsoDate(trialEnd!);
  const trialText = subscribed
    ? t('subscription.active')
    : trialDays === null
      ? t('subscription.noTrial')
      : trialDays > 0
        ? t('subscription.trialLeft', { count: trialDays })
        : trialDays === 0
          ? t('subscription.trialToday')
          : t('subscription.trialOver', { date: formatDate(trialEnd) });

  return (
    <PageContainer title={t('subscription.title')}>
      <Card variant="outlined" sx={{ maxWidth: 560 }} data-testid="subscription-card">
        <CardContent>
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" sx={{ mr: 'auto' }}>
                {company.plan?.name}
              </Typography>
              <Chip
                color={subscribed ? 'success' : trialDays !== null && trialDays >= 0 ? 'warning' : 'default'}
                label={trialText}
                data-testid="subscription-trial"
                data-days={trialDays ?? ''}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('subscription.value')}
                </Typography>
                <Typography variant="h5" color="primary" sx={{ fontWeight: 600 }}>
                  {formatBRL(company.plan?.value)}
                </Typography>
              </div>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('subscription.dueDate')}
                </Typography>
                <Typography variant="h5" data-testid="subscription-due">
                  {formatDate(company.dueDate) || '—'}
                </Typography>
              </div>
            </Stack>
            <TextField
              label={t('subscription.billingEmail')}
              value={company.email}
              fullWidth
              helperText={t('subscription.billingEmailHint')}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'subscription-email' } }}
            />
            {access.billing(user) && (
              <Button
                variant="contained"
                size="large"
                startIcon={<PixIcon />}
                disabled={busy}
                onClick={() => void signNow()}
                data-testid="subscription-sign-now"
                sx={{ alignSelf: { sm: 'flex-start' } }}
              >
                {t('subscription.signNow')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      {paying && (
        <Suspense fallback={null}>
          <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}
