import type { ErrorCode } from '@smart-zone/types/errors';

/** The team's refusals, which the Team page shows beside what was refused (the API's message), not as a toast. */
export const TEAM_REFUSALS: ErrorCode[] = [
  'member_exists',
  'last_owner',
  'owner_from_settings',
  'not_found',
  'validation_failed',
];
