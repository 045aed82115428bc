import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { type Access, mayUse, useAccess } from '../../../lib/auth/get-me';

/**
 * Where the guard (or a Delete/Delevered click) came from, to go back there after signing in; null when the
 * sign-in came from no page (/login opened as it is, or the navbar's Sign in).
 */
export function useReturnPath(): string | null {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.href() || from.pathname === paths.signUp.href()) return null;
  return `${from.pathname}${from.search ?? ''}`;
}

/**
 * Where a sign-in from no page goes (issue 36): staff (anyone with a team role) to their work, the Today page;
 * anyone else home, as the product always did. Undefined while the API is asked who they are.
 */
export function landingOf(access: Access): string | undefined {
  if (access.status === 'checking') return undefined;
  return mayUse(access, 'readStock') ? paths.today.href() : paths.root.href();
}

/** Where the signed-in person goes from the sign-in page: back where they came from, else where landingOf says. */
export function useLanding(): string | undefined {
  const from = useReturnPath();
  const landing = landingOf(useAccess());
  return from ?? landing;
}
