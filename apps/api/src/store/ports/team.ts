import type { Role } from '@smart-zone/types/roles';
import type { Member } from '@smart-zone/types/team';
import type { Author } from './items';

/** What a team write came to: nothing is written unless `ok`. */
export type TeamOutcome =
  | { ok: true; member: Member | null }
  /** add: the email is a member already. */
  | { ok: false; reason: 'exists'; member: Member }
  /** setRole, remove: no member with that email. */
  | { ok: false; reason: 'not_found' }
  /** setRole, remove: it would leave the team without an owner. */
  | { ok: false; reason: 'last_owner' }
  /** The `actingOwner` the change named is no longer an owner when it is written: nothing changed. */
  | { ok: false; reason: 'not_owner' };

/** Who a team change is made by, checked inside its write: the member who must still be an owner then. */
export interface TeamWriteGuard {
  actingOwner?: string;
}

/**
 * The team: emails (normalised: trimmed, lower-cased) and their roles. Every
 * change appends its audit entry in the same transaction; the last owner can
 * never be demoted or removed, whatever runs at the same time (two owners
 * demoting each other leave one).
 */
export interface TeamRepository {
  /** Every member, by email. */
  list(): Promise<Member[]>;
  get(email: string): Promise<Member | null>;
  /**
   * An invitation: the role applies whenever that email signs in verified. Each change with
   * `guard.actingOwner` is refused (`not_owner`) unless that member is an owner inside the change's own
   * transaction: an owner demoted while their request was on its way changes nothing.
   */
  add(member: { email: string; role: Role }, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  setRole(email: string, role: Role, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  /** The answer's member is the one removed. */
  remove(email: string, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  /**
   * Makes each email an owner (invitedBy `OWNER_EMAILS`), adding or promoting it, with audit entries by the
   * system actor; owners already are left as they are. At start, for the OWNER_EMAILS setting.
   */
  ensureOwners(emails: readonly string[]): Promise<void>;
}
