import { countsAsVerified } from '@smart-zone/types/access-claims';
import type { Me } from '@smart-zone/types/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';
import { useApiClient } from '../api-client-context';
import { useAuth } from './auth-context';

/** GET /me with the accessToken: who the API takes the caller for, and whether they are staff. */
export const getMeQueryOptions = (api: ApiClient, uid: string) =>
  queryOptions({
    queryKey: ['me', uid],
    queryFn: ({ signal }) => api.request<Me>('/me', { auth: true, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * What the signed-in person may do here. Only staff write (the API refuses
 * anyone else); the app hides what a known non-staff user cannot use.
 * - `visitor`: nobody signed in (write buttons stay, and ask them to sign in);
 * - `unverified`: a password user who has not verified their email;
 * - `checking`: asking the API;
 * - `staff` / `not-staff`: the API's answer. When it cannot answer, the app
 *   shows the controls and leaves the decision to the API's own checks.
 */
type Access = { status: 'visitor' | 'unverified' | 'checking' | 'staff' } | { status: 'not-staff'; email: string };

export function useAccess(): Access {
  const { user } = useAuth();
  const api = useApiClient();
  const verified = user !== null && countsAsVerified(user);
  const me = useQuery({ ...getMeQueryOptions(api, user?.uid ?? ''), enabled: verified });
  if (!user) return { status: 'visitor' };
  if (!verified) return { status: 'unverified' };
  if (me.isLoading) return { status: 'checking' };
  if (me.data && !me.data.staff) return { status: 'not-staff', email: me.data.email };
  return { status: 'staff' };
}
