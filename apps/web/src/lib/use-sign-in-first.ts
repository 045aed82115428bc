import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from './auth/auth-context';

/**
 * For actions a visitor may see but not do (Delete, Delevered, Update):
 * returns `requireUser(then?)`, which sends a visitor to /login and back
 * (to `then` or to this page) and answers false, or answers true for a signed-in user.
 */
export function useSignInFirst() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (then?: string) => {
      if (user) return true;
      void navigate(paths.login.href(), { state: { from: then ? { pathname: then } : location } });
      return false;
    },
    [user, navigate, location],
  );
}
