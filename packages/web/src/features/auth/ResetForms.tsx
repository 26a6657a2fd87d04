import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { forgetPasswordParams, loginBody, resetPasswordParams } from '@balcao/contracts';
import { useFieldError, withRequired } from '../../lib/forms';
import { PasswordField } from './PasswordField';

const requestResolver = withRequired(zodResolver(forgetPasswordParams));

export function RequestCodeForm({ onSubmit }: { onSubmit: (email: string) => Promise<void> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: requestResolver, defaultValues: { email: '' } });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid="forget-form"
      onSubmit={handleSubmit(({ email }) => onSubmit(email))}
    >
      <Typography variant="body2" color="text.secondary">
        {t('auth.reset.step1')}
      </Typography>
      <TextField
        {...register('email')}
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        error={Boolean(errors.email)}
        helperText={fieldError(errors.email)}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} data-testid="forget-submit">
        {t('auth.reset.sendCode')}
      </Button>
    </Stack>
  );
}

/** Code, new password (8+ with upper, lower and digit), and the same again. */
const resetSchema = resetPasswordParams
  .omit({ email: true })
  .extend({ confirmPassword: loginBody.shape.password })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'passwordMismatch', path: ['confirmPassword'] });
const resetResolver = withRequired(zodResolver(resetSchema));

export function ResetForm({
  email,
  onSubmit,
  onBack,
}: {
  email: string;
  onSubmit: (token: string, newPassword: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: resetResolver, defaultValues: { token: '', newPassword: '', confirmPassword: '' } });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid="reset-form"
      onSubmit={handleSubmit((v) => onSubmit(v.token, v.newPassword))}
    >
      <Typography variant="body2" color="text.secondary">
        {t('auth.reset.step2', { email })}
      </Typography>
      <TextField
        {...register('token')}
        label={t('auth.fields.code')}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        error={Boolean(errors.token)}
        helperText={fieldError(errors.token)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <PasswordField
        {...register('newPassword')}
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.newPassword)}
        helperText={fieldError(errors.newPassword) ?? t('validation.passwordRule')}
      />
      <PasswordField
        {...register('confirmPassword')}
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.confirmPassword)}
        helperText={fieldError(errors.confirmPassword)}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} data-testid="reset-submit">
        {t('auth.reset.submit')}
      </Button>
      <Button onClick={onBack} size="small">
        {t('auth.reset.otherEmail')}
      </Button>
    </Stack>
  );
}
