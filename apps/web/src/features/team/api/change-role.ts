import type { Role } from '@smart-zone/types/roles';
import type { Member } from '@smart-zone/types/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ME_QUERY_KEY } from '../../../lib/auth/get-me';
import { getTeamQueryOptions } from './get-team';
import { TEAM_REFUSALS } from './team-refusals';

export interface RoleChange {
  email: string;
  role: Role;
  reason?: string;
}

/** PATCH /team/:email: a new role, in force on the member's very next request; 409 for the last owner. */
const changeRole = (api: ApiClient, { email, role, reason }: RoleChange) =>
  api.request<Member>(`/team/${encodeURIComponent(email)}`, { method: 'PATCH', body: { role, reason }, auth: true });

export function useChangeRole() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => changeRole(api, change),
    meta: { errorsShownInline: TEAM_REFUSALS },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamQueryOptions(api).queryKey }),
        // The owner may have changed their own role: the navbar and the guard follow at once.
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
