import type { Team } from '@smart-zone/types/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { TEAM_QUERY_KEY } from '../../../lib/people';

/** GET /team (manageTeam): the members, owners first; the STAFF setting; whether the warehouse is open. */
export const getTeamQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => api.request<Team>('/team', { auth: true, signal }),
    // An invitation email being sent: asked again until the relay has answered (sent or failed).
    refetchInterval: (query) =>
      query.state.data?.members.some((member) => member.invitationEmail?.state === 'sending') ? 1500 : false,
  });

export function useTeam() {
  return useQuery(getTeamQueryOptions(useApiClient()));
}
