/**
 * The checkout (foundation §2): data (billing address), plan, review, then payment — a PIX charge
 * of the invoice, shown as a 256 px QR code and a copy-and-paste code. Once paid (the payment
 * event, or for an expired company its polled invoice) a success toast names the new due date
 * and, 4 s later, the app goes home. The value is the server's: the request names only the invoice.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PAYMENT_REDIRECT_MS, type Invoice } from '@balcao/contracts';
import { useAuth } from '../../../app/providers/AuthProvider';
import { formatDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/toast';
import { billingCalls, type CheckoutAddress } from '../billingCalls';
import { AddressStep } from './AddressStep';
import { emptyAddress } from './addressForm';
import { PlanStep } from './PlanStep';
import { ReviewStep } from './ReviewStep';
import { PaymentStep } from './PaymentStep';
import { usePaymentDone, type PaymentDone } from './usePaymentDone';

const STEPS = ['data', 'plan', 'review', 'payment'] as const;

interface Props {
  invoice: Invoice;
  onClose: () => void;
  /** An expired company paying from the login page: its billing token and the credentials to sign in with once paid. */
  billing?: { token: string; email: string; password: string };
}

export default function CheckoutDialog({ invoice, onClose, billing }: Props) {
  const { t } = useTranslation();
  const { user, adopt, refreshUser } = useAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:599.95px)');
  const formId = useId();
  const [step, setStep] = useState(0);
  const [address, setAddress] = useState<CheckoutAddress>(() => emptyAddress(user?.name));
  const [paidUntil, setPaidUntil] = useState<string | null | undefined>(undefined);
  const charge = useMutation({ mutationFn: () => billingCalls(billing?.token).charge(invoice.id, address) });
  const plan = user?.company.plan;

  usePaymentDone(
    invoice.id,
    step === 3 && charge.isSuccess && paidUntil === undefined,
    (done: PaymentDone) => {
      setPaidUntil(done.dueDate);
      // The toasts show one at a time: the confirmation does not wait behind an older notice.
      toast.dismiss();
      toastSuccess(t('invoices.checkout.paidToast', { date: formatDate(done.dueDate) }));
      setTimeout(() => {
        if (done.signedIn) {
          adopt(done.signedIn, '/');
          return;
        }
        void qc.invalidateQueries({ queryKey: ['invoices'] });
        void refreshUser().catch(() => undefined);
        navigate('/');
      }, PAYMENT_REDIRECT_MS);
    },
    billing,
  );

  const pay = () => {
    setStep(3);
    charge.mutate();
  };

  return (
    <Dialog
      open
      onClose={paidUntil === undefined ? onClose : undefined}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={`${formId}-title`}
      data-testid="checkout-dialog"
      data-step={STEPS[step]}
    >
      <DialogTitle id={`${formId}-title`}>{t('invoices.checkout.title', { id: invoice.id })}</DialogTitle>
      <DialogContent dividers>
        {phone ? (
          <Typography variant="overline" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t('invoices.checkout.stepOf', {
              n: step + 1,
              total: STEPS.length,
              name: t(`invoices.checkout.steps.${STEPS[step]}`),
            })}
          </Typography>
        ) : (
          <Stepper activeStep={paidUntil === undefined ? step : STEPS.length} alternativeLabel sx={{ mb: 3 }}>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel>{t(`invoices.checkout.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {step === 0 && (
          <AddressStep
            formId={formId}
            values={address}
            onDone={(a) => {
              setAddress(a);
              setStep(1);
            }}
          />
        )}
        {step === 1 && <PlanStep invoice={invoice} plan={plan} onPick={() => setStep(2)} />}
        {step === 2 && <ReviewStep invoice={invoice} address={address} plan={plan?.name ?? invoice.detail} />}
        {step === 3 && (
          <PaymentStep
            charge={charge.data}
            loading={charge.isPending}
            error={charge.error}
            onRetry={() => charge.mutate()}
            paidUntil={paidUntil}
          />
        )}
      </DialogContent>
      <DialogActions>
        {step > 0 && step < 3 && (
          <Button onClick={() => setStep(step - 1)} data-testid="checkout-back">
            {t('invoices.checkout.back')}
          </Button>
        )}
        <Button onClick={onClose} disabled={paidUntil !== undefined} data-testid="checkout-close">
          {step === 3 ? t('common.close') : t('common.cancel')}
        </Button>
        {step === 0 && (
          <Button type="submit" form={formId} variant="contained" data-testid="checkout-next">
            {t('invoices.checkout.next')}
          </Button>
        )}
        {step === 2 && (
          <Button variant="contained" onClick={pay} data-testid="checkout-pay">
            {t('invoices.checkout.generatePix')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
