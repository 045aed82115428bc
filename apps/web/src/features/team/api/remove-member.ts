import type { DeleteResult } from '@smart-zone/types/responses';
import type { Member } from '@smart-zone/types/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ME_QUERY_KEY } from '../../../lib/auth/get-me';
import { getTeamQueryOptions } from './get-team';
import { TEAM_REFUSALS } from './team-refusals';

/** DELETE /team/:email?reason=: the member leaves the team; 409 for the last owner or an owner the settings name. */
const removeMember = (api: ApiClient, email: string, reason?: string) =>
  api.request<DeleteResult>(
    `/team/${encodeURIComponent(email)}${reason ? `?${new URLSearchParams({ reason })}` : ''}`,
    { method: 'DELETE', auth: true },
  );

export function useRemoveMember() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member & { reason?: string }) => removeMember(api, member.email, member.reason),
    meta: { errorsShownInline: TEAM_REFUSALS },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamQueryOptions(api).queryKey }),
        // The owner may have changed their own role: the navbar and the guard follow at once.
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
