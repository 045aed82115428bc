import { normaliseEmail } from '@smart-zone/types/roles';
import type { Person } from '@smart-zone/types/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { ME_QUERY_KEY, mayUse, useAccess } from './auth/get-me';

/** GET /people's key. */
export const PEOPLE_QUERY_KEY = ['people'] as const;
/** GET /team's key (features/team): a member's name is in it too, so a name set refreshes it. */
export const TEAM_QUERY_KEY = ['team'] as const;

/** GET /people (staff): everyone who signed in or named themselves, by email. */
const getPeopleQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: PEOPLE_QUERY_KEY,
    queryFn: ({ signal }) => api.request<Person[]>('/people', { auth: true, signal }),
    // Names change seldom: asked again at most once a minute (a name one sets oneself refreshes it at once).
    staleTime: 60_000,
  });

const NOBODY: ReadonlyMap<string, Person> = new Map();
const byEmail = (people: Person[]): ReadonlyMap<string, Person> =>
  new Map(people.map((person) => [normaliseEmail(person.email), person]));

/**
 * The people the caller may read (readStock: staff), by their email as the team stores it; nobody for anyone
 * else, or while the list loads (an email shows until then).
 */
export function usePeople(): ReadonlyMap<string, Person> {
  const staff = mayUse(useAccess(), 'readStock');
  const people = useQuery({ ...getPeopleQueryOptions(useApiClient()), enabled: staff, select: byEmail });
  return (staff && people.data) || NOBODY;
}

/** A person's display name, when they have one (`email` as an actor or a team row gives it). */
export const nameOf = (people: ReadonlyMap<string, Person>, email: string): string | undefined =>
  people.get(normaliseEmail(email))?.name;

/**
 * PUT /me/name: the name the app calls the caller by. A refused name (validation_failed) is shown beside the
 * field; once saved, the navbar, every list naming people and the team show it.
 */
export function useSetMyName() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      api.request<Person>('/me/name', { method: 'PUT', body: input, auth: true }),
    meta: { errorsShownInline: ['validation_failed'] },
    onSuccess: () =>
      Promise.all(
        [ME_QUERY_KEY, PEOPLE_QUERY_KEY, TEAM_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
