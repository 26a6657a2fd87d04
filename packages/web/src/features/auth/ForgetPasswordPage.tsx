/**
 * Password reset (foundation §4): step 1 asks the email and sends a code; step 2 asks the
 * 6-digit code, the new password and its confirmation; success goes to /login.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { toastError, toastErrorText, toastSuccess } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { RequestCodeForm, ResetForm } from './ResetForms';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);

  const requestCode = async (address: string) => {
    try {
      await api.post(`/forgetpassword/${encodeURIComponent(address)}`, undefined, { auth: false });
      toastSuccess(t('auth.reset.codeSent'));
      setEmail(address);
    } catch (err) {
      if (isApiError(err) && err.status === 404) toastErrorText(t('auth.reset.emailNotFound'));
      else toastError(err);
    }
  };

  const reset = async (token: string, newPassword: string) => {
    if (!email) return;
    try {
      const path = [email, token, newPassword].map(encodeURIComponent).join('/');
      await api.post(`/resetpasswords/${path}`, undefined, { auth: false });
      toastSuccess(t('auth.reset.success'));
      navigate('/login');
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <AuthShell title={t('auth.reset.title')}>
      {email ? (
        <ResetForm email={email} onSubmit={reset} onBack={() => setEmail(null)} />
      ) : (
        <RequestCodeForm onSubmit={requestCode} />
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2" data-testid="link-login">
          {t('auth.reset.backToLogin')}
        </Link>
        <Link component={RouterLink} to="/signup" variant="body2" data-testid="link-signup">
          {t('auth.login.signup')}
        </Link>
      </Stack>
    </AuthShell>
  );
}
