import { useLocation } from 'react-router-dom';

/** Where the guard (or a Delete/Delevered click) came from, to go back there after signing in. */
export function useReturnPath(fallback = '/'): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return fallback;
  return `${from.pathname}${from.search ?? ''}`;
}
