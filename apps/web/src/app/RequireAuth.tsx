import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { NotStaffNotice } from '../components/NotStaffNotice';
import { paths } from '../config/paths';
import { VerifyEmailNotice } from '../features/auth/components/VerifyEmailNotice';
import { useAuth } from '../lib/auth/auth-context';
import { useAccess } from '../lib/auth/get-me';
import { MatchedSkeleton } from './MatchedSkeleton';

/**
 * Protected pages: a visitor goes to /login (which sends them back here
 * afterwards); a password user with an unverified email sees the notice; a
 * verified user the API does not count as staff reads that, with the email to
 * give an admin. A layout route: the protected pages are its children.
 */
export function RequireAuth() {
  const { loading } = useAuth();
  const access = useAccess();
  const location = useLocation();
  // While it checks, the page's own skeleton holds its room.
  if (loading) return <MatchedSkeleton />;
  if (access.status === 'visitor') return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  if (access.status === 'unverified') return <VerifyEmailNotice />;
  if (access.status === 'checking') return <MatchedSkeleton />;
  if (access.status === 'not-staff') return <NotStaffNotice email={access.email} />;
  return <Outlet />;
}
