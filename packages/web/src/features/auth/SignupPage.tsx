import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { signupFormBody } from '@balcao/contracts';
import { api } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { lengthRule } from '../../lib/fieldMessage';
import { formatBRL } from '../../lib/money';
import { toastError, toastSuccess } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { PasswordField } from './PasswordField';
import { usePublicPlans } from './usePublicPlans';

const resolver = withRequired(zodResolver(signupFormBody));
/** The bounds errors (and the password's hint) state, from the contract. */
const rules = {
  name: lengthRule(signupFormBody.shape.name),
  userName: lengthRule(signupFormBody.shape.userName),
};

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fieldError = useFieldError();
  const plans = usePublicPlans();
  const companyId = Number(params.get('companyId')) || undefined;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { userName: '', name: '', email: '', phone: '', password: '', planId: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await api.post('/companies/cadastro', { ...body, companyId }, { auth: false });
      toastSuccess(t('auth.signup.success'));
      navigate('/login', { state: { email: body.email } });
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <AuthShell title={t('auth.signup.title')}>
      <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="signup-form">
        <TextField
          {...register('userName')}
          label={t('auth.fields.yourName')}
          autoComplete="name"
          autoFocus
          fullWidth
          error={Boolean(errors.userName)}
          helperText={fieldError(errors.userName, rules.userName)}
        />
        <TextField
          {...register('name')}
          label={t('auth.fields.companyName')}
          autoComplete="organization"
          fullWidth
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name, rules.name)}
        />
        <TextField
          {...register('email')}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email)}
        />
        <TextField
          {...register('phone')}
          label={t('auth.fields.phone')}
          type="tel"
          autoComplete="tel"
          fullWidth
          error={Boolean(errors.phone)}
          helperText={fieldError(errors.phone)}
        />
        <PasswordField
          {...register('password')}
          label={t('auth.fields.password')}
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.password)}
          // The reset's rule shows before any error does.
          helperText={fieldError(errors.password) ?? t('validation.passwordRule')}
        />
        <TextField
          {...register('planId')}
          select
          label={t('auth.fields.plan')}
          fullWidth
          error={Boolean(errors.planId) || plans.isError}
          helperText={plans.isError ? t('auth.signup.plansError') : fieldError(errors.planId)}
          disabled={plans.isLoading}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{plans.isLoading ? t('common.loading') : t('auth.signup.choosePlan')}</option>
          {(plans.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {t('auth.signup.planOption', {
                name: p.name,
                users: p.users,
                connections: p.connections,
                queues: p.queues,
                value: formatBRL(p.value),
              })}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} data-testid="signup-submit">
          {t('auth.signup.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" data-testid="link-login">
          {t('auth.signup.haveAccount')}
        </Link>
      </Stack>
    </AuthShell>
  );
}
