import { countsAsVerified } from '@smart-zone/types/access-claims';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { VerifyEmailNotice } from '../features/auth/components/VerifyEmailNotice';
import { useAuth } from '../lib/auth/auth-context';

/**
 * Protected pages: a visitor goes to /login (which sends them back here
 * afterwards); a password user with an unverified email sees the notice.
 * A layout route: the protected pages are its children.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking who is signed in..." />;
  if (!user) return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  if (!countsAsVerified(user)) return <VerifyEmailNotice />;
  return <Outlet />;
}
