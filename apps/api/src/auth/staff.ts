/**
 * Who may write (items, stock, deliveries): the `STAFF` setting, a list of
 * emails and `@domain`s. Unset (null), every verified user is staff — the
 * spec's rule for a warehouse that has not chosen yet.
 */
export type StaffList = readonly string[] | null;

/** `STAFF` text → entries, lower-cased; blank → null (everyone verified). */
export function parseStaffList(text: string | undefined): StaffList {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries.length ? entries : null;
}

export function isStaff(staff: StaffList, user: { email: string; verified: boolean }): boolean {
  if (!user.verified) return false;
  if (staff === null) return true;
  const email = user.email.toLowerCase();
  const domain = email.slice(email.lastIndexOf('@'));
  return staff.some((entry) => (entry.startsWith('@') ? entry === domain : entry === email));
}
