import { countsAsVerified } from '@smart-zone/types/access-claims';
import type { Me } from '@smart-zone/types/auth';
import { type Permission, type Role, can } from '@smart-zone/types/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';
import { useApiClient } from '../api-client-context';
import { useAuth } from './auth-context';

/** The prefix of every /me answer: a team change refreshes it, since it may be the owner's own role. */
export const ME_QUERY_KEY = ['me'] as const;

/** GET /me with the accessToken: who the API takes the caller for, and their role in this warehouse's team. */
export const getMeQueryOptions = (api: ApiClient, uid: string) =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, uid],
    queryFn: ({ signal }) => api.request<Me>('/me', { auth: true, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * What the signed-in person may do here. The API refuses what a role may not
 * do; the app hides what a known role cannot use (roles.ts decides both).
 * - `visitor`: nobody signed in (the product's write buttons stay, and ask them to sign in);
 * - `unverified`: a password user who has not verified their email;
 * - `checking`: asking the API;
 * - `member`: the API's answer, with the role; `not-member`: verified, but on no team (both with their
 *   display name, when they have one);
 * - `unanswered`: the API could not say. The app shows the product's
 *   controls and leaves the decision to the API's own checks.
 */
export type Access =
  | { status: 'visitor' | 'unverified' | 'checking' | 'unanswered' }
  | { status: 'member'; role: Role; email: string; uid: string; name?: string }
  | { status: 'not-member'; email: string; name?: string };

export function useAccess(): Access {
  const { user } = useAuth();
  const api = useApiClient();
  const verified = user !== null && countsAsVerified(user);
  const me = useQuery({ ...getMeQueryOptions(api, user?.uid ?? ''), enabled: verified });
  if (!user) return { status: 'visitor' };
  if (!verified) return { status: 'unverified' };
  if (me.isLoading) return { status: 'checking' };
  if (!me.data) return { status: 'unanswered' };
  const { role, email, uid, name } = me.data;
  // Their display name (PUT /me/name, or their account's), when they have one.
  const named = name ? { name } : {};
  return role ? { status: 'member', role, email, uid, ...named } : { status: 'not-member', email, ...named };
}

/** The role the API answered; null for anyone else. */
export const roleOf = (access: Access): Role | null => (access.status === 'member' ? access.role : null);

/** A tool only a known member with `permission` gets (restock, history, the audit, the team). */
export const mayUse = (access: Access, permission: Permission): boolean => can(roleOf(access), permission);

/**
 * One of the product's controls (Delete, the update form, Add New Item, the
 * signed-in links): shown to a member whose role has `permission` (any
 * member when none is named), hidden from a verified user on no team, and
 * kept for whoever the API has not placed yet, where it leads to sign-in or
 * lets the API decide.
 */
export function offers(access: Access, permission?: Permission): boolean {
  if (access.status === 'member') return permission === undefined || can(access.role, permission);
  return access.status !== 'not-member';
}
