import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { NotStaffNotice } from '../components/NotStaffNotice';
import { RoleNeededNotice } from '../components/RoleNeededNotice';
import { paths } from '../config/paths';
import { VerifyEmailNotice } from '../features/auth/components/VerifyEmailNotice';
import { useAuth } from '../lib/auth/auth-context';
import { useAccess } from '../lib/auth/get-me';
import { can } from '@smart-zone/types/roles';
import { MatchedSkeleton, type PageHandle } from './MatchedSkeleton';

/**
 * Protected pages: a visitor goes to /login (which sends them back here
 * afterwards); a password user with an unverified email sees the notice; a
 * verified user on no team reads that, with the email to give an owner; a
 * member whose role lacks the page's permission (its route's handle) reads
 * which role it needs. A layout route: the protected pages are its children.
 */
export function RequireAuth() {
  const { loading } = useAuth();
  const access = useAccess();
  const location = useLocation();
  const { permission } = (useMatches().at(-1)?.handle ?? {}) as PageHandle;
  // While it checks, the page's own skeleton holds its room.
  if (loading) return <MatchedSkeleton />;
  if (access.status === 'visitor') return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  if (access.status === 'unverified') return <VerifyEmailNotice />;
  if (access.status === 'checking') return <MatchedSkeleton />;
  if (access.status === 'not-member') return <NotStaffNotice email={access.email} />;
  if (access.status === 'member' && permission && !can(access.role, permission)) {
    return <RoleNeededNotice permission={permission} role={access.role} />;
  }
  return <Outlet />;
}
