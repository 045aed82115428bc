import type { Member, MemberInput } from '@smart-zone/types/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getTeamQueryOptions } from './get-team';
import { TEAM_REFUSALS } from './team-refusals';

/** POST /team: an invitation, which takes effect when that email signs in verified; 409 when already a member. */
const inviteMember = (api: ApiClient, input: MemberInput) =>
  api.request<Member>('/team', { method: 'POST', body: input, auth: true });

export function useInviteMember() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInput) => inviteMember(api, input),
    meta: { errorsShownInline: TEAM_REFUSALS },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getTeamQueryOptions(api).queryKey }),
  });
}
