import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFieldError, withRequired } from '../../../lib/forms';
import type { CheckoutAddress } from '../billingCalls';
import { addressSchema, documentDigits } from './addressForm';

const resolver = withRequired(zodResolver(addressSchema)) as unknown as Resolver<CheckoutAddress>;

/** Step 1, the payer's billing address; `formId` lets the dialog's Next button submit it. */
export function AddressStep({
  formId,
  values,
  onDone,
}: {
  formId: string;
  values: CheckoutAddress;
  onDone: (address: CheckoutAddress) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutAddress>({ resolver, defaultValues: values });
  const field = (name: keyof CheckoutAddress, opts: { required?: boolean; half?: boolean; hint?: string } = {}) => (
    <Grid size={{ xs: 12, sm: opts.half ? 6 : 12 }}>
      <TextField
        {...register(name, name === 'cpfCnpj' ? { setValueAs: (v: string) => documentDigits(v ?? '') } : undefined)}
        label={t(`invoices.checkout.fields.${name}`)}
        required={opts.required}
        fullWidth
        size="small"
        error={Boolean(errors[name])}
        helperText={fieldError(errors[name]) ?? opts.hint}
        slotProps={{ htmlInput: { 'data-testid': `checkout-${name}` } }}
      />
    </Grid>
  );

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => {
        // A dialog is a portal, but React bubbles its events to the page's own form, if any.
        e.stopPropagation();
        void handleSubmit(onDone)(e);
      }}
      data-testid="checkout-address"
    >
      <Grid container spacing={2}>
        {field('firstName', { required: true, half: true })}
        {field('lastName', { half: true })}
        {field('address2', { required: true })}
        {field('city', { required: true, half: true })}
        {field('state', { half: true })}
        {field('zipcode', { required: true, half: true, hint: t('invoices.checkout.zipHint') })}
        {field('country', { required: true, half: true })}
        {field('cpfCnpj', { hint: t('invoices.checkout.documentHint') })}
      </Grid>
    </form>
  );
}
