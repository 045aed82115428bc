/**
 * Who may do what: the one permission table. The API guards every route with
 * one of these permissions (apps/api/src/http/route.ts), and the web app shows
 * a button only when the signed-in role has the permission behind its call.
 * Zod-free: the first page loads it.
 *
 * Roles are ranked; each has everything the ones below it have.
 */
export const ROLES = ['viewer', 'clerk', 'manager', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_SUMMARIES: Readonly<Record<Role, string>> = {
  viewer: 'reads what staff read (history, alerts, all deliveries, their own audit); writes nothing',
  clerk: 'also restocks and removes stock, records deliveries and cancels their own, counts stock',
  manager:
    "also adds, edits and deletes items and locations, sets reorder points, cancels anyone's delivery, opens and applies counts, reads the whole audit",
  owner: 'also runs the team, and clears the demo items of a new shop',
};

/** Each permission and the least role that has it. */
export const PERMISSIONS = {
  /** Stock history, alerts, the reorder list. */
  readStock: 'viewer',
  /** Every delivery (GET /api/deliveries). */
  readDeliveries: 'viewer',
  /** Set the name the app calls one by (PUT /api/me/name, issue 36). */
  nameOneself: 'viewer',
  /** The audit of one's own actions (GET /api/audit answers only those below readAudit). */
  readOwnAudit: 'viewer',
  /** Restock and remove stock. */
  moveStock: 'clerk',
  /** Record a delivery, cancel one's own. */
  deliver: 'clerk',
  /** Read the count sessions and count their lines (issue 35). */
  countStock: 'clerk',
  /** Mark alerts read. */
  readAlerts: 'clerk',
  /** Add, edit (reorder points too) and delete items. */
  manageItems: 'manager',
  /** Add, rename, move and delete locations. */
  manageLocations: 'manager',
  /** Open, apply and cancel count sessions, and see what a blind one expects. */
  manageCounts: 'manager',
  /** Cancel anyone's delivery. */
  cancelAnyDelivery: 'manager',
  /** The whole audit. */
  readAudit: 'manager',
  /** Invite, change and remove members. */
  manageTeam: 'owner',
  /** Clear the first run's demo items ("Start with an empty warehouse", issue 36), while nothing else is there. */
  clearDemo: 'owner',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

const rank = (role: Role) => ROLES.indexOf(role);

/** Whether a role (null: a visitor, no role) has a permission. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && rank(role) >= rank(PERMISSIONS[permission]);
}

/**
 * Writes a role must give a reason for (free text, at most REASON_MAX
 * characters): a clerk's stock removal and a clerk's cancel (a delete).
 * Managers and owners may give one; their reason is optional.
 */
export function reasonRequired(role: Role | null | undefined, write: 'removeStock' | 'cancelDelivery'): boolean {
  return role === 'clerk' && (write === 'removeStock' || write === 'cancelDelivery');
}

export const REASON_MAX = 200;

/** An email as the team stores and compares it: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The 403 message when a route needs more than the caller's role. */
export function roleNeededMessage(permission: Permission, role: Role | null): string {
  const needed = PERMISSIONS[permission];
  return role
    ? `This needs the ${needed} role; you are a ${role}. Ask an owner of this warehouse.`
    : `This needs the ${needed} role, and you are not on this warehouse's team. Ask an owner to invite you.`;
}
