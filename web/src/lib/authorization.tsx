import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, type Location } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { sessionExpired } from '@/lib/storage';
import { toast } from '@/lib/toast';

export const ACCESS_DENIED_TOAST_ID = 'access-denied';

/** To /login, remembering where the visitor was; saying so when the session expired (a 401). */
function ToLogin({ from }: { from: Location }) {
  return <Navigate to={sessionExpired() ? `${paths.login}?expired=true` : paths.login} replace state={{ from }} />;
}

/** Signed-out visitors go to /login, which brings them back afterwards (state `from`). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  // A signed-in user keeps the screen while a sign-in or deletion is under way.
  if (loading && !user) return <FullPageSpinner label={t('status.loading')} />;
  if (!user) return <ToLogin from={location} />;
  return children;
}

function AccessDenied() {
  const { t } = useTranslation();
  useEffect(() => {
    toast({ id: ACCESS_DENIED_TOAST_ID, title: t('errors.accessDenied'), status: 'error' });
  }, [t]);
  return <Navigate to={paths.dashboard} replace />;
}

/** Admin-only screens: non-admins go to /dashboard with the access-denied toast. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, loading, isAdmin } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading && !user) return <FullPageSpinner label={t('status.checkingPermissions')} />;
  if (!user) return <ToLogin from={location} />;
  if (!isAdmin) return <AccessDenied />;
  return children;
}
