import type { AccessClaims } from '@smart-zone/types/auth';
import { normaliseEmail, type Role } from '@smart-zone/types/roles';
import { isStaff, type StaffList } from '../auth/staff';
import type { Store } from '../store/store';

/** The settings that shape the team: the first owners (OWNER_EMAILS) and the STAFF list. */
export interface TeamSettings {
  ownerEmails: readonly string[];
  staff: StaffList;
}

/**
 * The spec's open warehouse: neither OWNER_EMAILS nor STAFF is set, so every
 * verified user who is not a member is a manager (adds, changes, deletes,
 * delivers), as before roles existed.
 */
export const isOpenWarehouse = (settings: TeamSettings) => settings.ownerEmails.length === 0 && settings.staff === null;

export type RoleOf = (user: AccessClaims) => Promise<Role | null>;

/**
 * The caller's role, read on every request (tokens carry identity, not roles:
 * a change counts from the next request, with no new sign-in):
 * 1. not verified: none (a visitor);
 * 2. named by OWNER_EMAILS: owner, whatever the store says;
 * 3. a member: their stored role;
 * 4. on the STAFF list: clerk;
 * 5. an open warehouse: manager; else none.
 */
export function roleResolver(store: Store, settings: TeamSettings): RoleOf {
  const owners = new Set(settings.ownerEmails.map(normaliseEmail));
  const open = isOpenWarehouse(settings);
  return async (user) => {
    if (!user.verified) return null;
    const email = normaliseEmail(user.email);
    if (owners.has(email)) return 'owner';
    const member = await store.team.get(email);
    if (member) return member.role;
    if (settings.staff !== null && isStaff(settings.staff, user)) return 'clerk';
    return open ? 'manager' : null;
  };
}
