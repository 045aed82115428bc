import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Where the guard (or a Delete/Delevered click) came from, to go back there after signing in. */
export function useReturnPath(fallback = paths.root.href()): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.href() || from.pathname === paths.signUp.href()) return fallback;
  return `${from.pathname}${from.search ?? ''}`;
}
