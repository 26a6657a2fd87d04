import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SubscriptionExpiredError } from '@balcao/contracts';
import { useAuth } from '../../app/providers/AuthProvider';
import { isApiError } from '../../lib/api';
import { toastError, toastErrorText } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { PasswordField } from './PasswordField';
import { subscriptionExpiredText } from './loginErrors';

type Errors = Partial<Record<'email' | 'password', 'required' | 'invalidEmail'>>;

/** An expired company's way to pay (loaded only when asked for: this route stays small). */
const ExpiredCheckout = lazy(() => import('../invoices/ExpiredCheckout'));

interface Billing {
  token: string;
  email: string;
  password: string;
}

/**
 * The login form checks only presence and shape (the server decides the rest). It stays free of
 * react-hook-form and zod on purpose: this route's JavaScript is kept small.
 */
function check(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = 'invalidEmail';
  if (!password) errors.password = 'required';
  return errors;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  // Signup hands over the address it just registered: only the password is left to type.
  const signedUp = (useLocation().state as { email?: unknown } | null)?.email;
  const prefilled = typeof signedUp === 'string' ? signedUp : '';
  const [email, setEmail] = useState(prefilled);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);
  // The refused login of an admin of an expired company carries a billing token: pay, then sign in.
  const [billing, setBilling] = useState<Billing | null>(null);
  const [paying, setPaying] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(email, password);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setExpired(null);
    setBilling(null);
    setBusy(true);
    try {
      await login(email.trim().toLowerCase(), password);
    } catch (err) {
      const text = subscriptionExpiredText(err);
      if (text) {
        setExpired(text);
        toastErrorText(text);
        const token = isApiError(err) ? (err.body as SubscriptionExpiredError | undefined)?.billingToken : undefined;
        if (token) setBilling({ token, email: email.trim().toLowerCase(), password });
      } else toastError(err);
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.login.title')}>
      <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="login-form">
        {expired && (
          <Alert severity="error" data-testid="subscription-expired">
            {expired}
          </Alert>
        )}
        {expired && billing && (
          <Button variant="outlined" onClick={() => setPaying(true)} data-testid="login-pay-invoice">
            {t('invoices.expired.pay')}
          </Button>
        )}
        <TextField
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus={!prefilled}
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email && t(`validation.${errors.email}`)}
        />
        <PasswordField
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          label={t('auth.fields.password')}
          autoComplete="current-password"
          autoFocus={Boolean(prefilled)}
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password && t(`validation.${errors.password}`)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="link-forgetpsw">
            {t('auth.login.forgot')}
          </Link>
          <Link component={RouterLink} to="/signup" variant="body2" data-testid="link-signup">
            {t('auth.login.signup')}
          </Link>
        </Stack>
      </Stack>
      {/* Outside the login form: the checkout's own form must not submit this one. */}
      {billing && paying && (
        <Suspense fallback={null}>
          <ExpiredCheckout billing={billing} onClose={() => setPaying(false)} />
        </Suspense>
      )}
    </AuthShell>
  );
}
