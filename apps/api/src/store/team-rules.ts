import type { Role } from '@smart-zone/types/roles';
import type { TeamOutcome, TeamWriteGuard } from './store';

/**
 * The acting owner's rule of a team change, for both adapters: a change whose guard names an acting owner
 * is refused (`not_owner`) unless that member is an owner as the change's own transaction reads them
 * (`actingRole`: undefined when not a member, or when the guard names nobody). Null: it may go on.
 */
export function actingOwnerRefusal(
  guard: TeamWriteGuard | undefined,
  actingRole: Role | undefined,
): TeamOutcome | null {
  return guard?.actingOwner !== undefined && actingRole !== 'owner' ? { ok: false, reason: 'not_owner' } : null;
}
