import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../providers/AuthProvider';
import { toastErrorText } from '../../lib/toast';
import { PageLoader } from '../../lib/ui/PageLoader';
import type { Rule } from './access';

/**
 * The Suspense boundary of a page area, renewed when the first path segment changes: navigation
 * runs in a transition, which would otherwise keep the previous page on screen (under the new
 * URL) while the next page's chunk loads. /tickets/1 → /tickets/2 keeps the same boundary.
 */
export function PageSuspense({ fullScreen, children }: { fullScreen?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Suspense key={pathname.split('/')[1] ?? ''} fallback={<PageLoader fullScreen={fullScreen} />}>
      {children}
    </Suspense>
  );
}

/** Public pages (login, signup, reset): a logged-in user goes to /. */
export function PublicOnly() {
  const { user, loading, landing } = useAuth();
  if (loading) return <PageLoader fullScreen />;
  if (user) return <Navigate to={landing} replace />;
  return (
    <PageSuspense fullScreen>
      <Outlet />
    </PageSuspense>
  );
}

/** Private pages: a visitor without a session goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader fullScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>;
}

function Forbidden() {
  const { t } = useTranslation();
  useEffect(() => {
    toastErrorText(t('common.accessDenied'));
  }, [t]);
  return <Navigate to="/tickets" replace />;
}

/**
 * Shows the page when the rule allows it. Otherwise the user goes to /tickets, with a notice
 * unless `silent` (the dashboard at / simply sends non-admins to their tickets).
 */
export function Gate({ rule, silent, children }: { rule: Rule; silent?: boolean; children: ReactNode }) {
  const { user } = useAuth();
  if (rule(user)) return <>{children}</>;
  return silent ? <Navigate to="/tickets" replace /> : <Forbidden />;
}
