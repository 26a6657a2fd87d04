import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { PlanFeature } from '@balcao/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../providers/AuthProvider';
import { toastErrorText } from '../../lib/toast';
import { hasFeature } from '../../lib/permissions';
import { PageLoader } from '../../lib/ui/PageLoader';
import { access, type Rule } from './access';

/** Automation §9: a denied page goes to / after 1 s. */
const PLAN_DENIED_REDIRECT_MS = 1000;

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

/** Automation §8: a page the company's plan lacks says so, and / follows after 1 s. */
function PlanDenied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toastErrorText(t('common.planDenied'));
    const timer = setTimeout(() => void navigate('/', { replace: true }), PLAN_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [t, navigate]);
  return <PageLoader />;
}

/**
 * Shows the page when the rule allows it. Otherwise the user goes to /tickets, with a notice
 * unless `silent` (the dashboard at / simply sends non-admins to their tickets). A page of a
 * plan feature (`plan`) that an admin's plan lacks is refused as the spec words it.
 */
export function Gate({
  rule,
  silent,
  plan,
  children,
}: {
  rule: Rule;
  silent?: boolean;
  plan?: PlanFeature;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (rule(user)) return <>{children}</>;
  if (plan && access.admin(user) && !hasFeature(user, plan)) return <PlanDenied />;
  return silent ? <Navigate to="/tickets" replace /> : <Forbidden />;
}
