import type Database from 'better-sqlite3';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Role } from '@smart-zone/types/roles';
import type { Member } from '@smart-zone/types/team';
import type { AuditNote } from '../audit-entries';
import { actingOwnerRefusal } from '../team-rules';
import type { Author, TeamOutcome, TeamRepository, TeamWriteGuard } from '../store';
import type { SqliteLedger } from './sqlite-ledger';

interface MemberRow {
  email: string;
  role: Role;
  invited_by: string;
  at: string;
}

/** Callers' member rows (or their absence) kept at most, by email. */
const KEPT_MEMBERS = 10_000;

/** The store does not know the OWNER_EMAILS setting: `fixed` is the API's to set. */
const toMember = (row: MemberRow): Member => ({
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  at: row.at,
  fixed: false,
});

const note = (action: AuditNote['action'], email: string, from: Role | null, to: Role | null): AuditNote => ({
  action,
  target: { kind: 'member', id: email, name: email },
  changes: { role: [from, to] },
});

/**
 * The team. Each change is one IMMEDIATE transaction (the write lock taken
 * before the owners are counted), so two owners demoting each other at the
 * same time, from any process, run one after the other and the second is refused.
 */
export function sqliteTeam(db: Database.Database, ledger: SqliteLedger): TeamRepository {
  const sql = {
    all: db.prepare<[], MemberRow>('SELECT * FROM members ORDER BY email'),
    get: db.prepare<[string], MemberRow>('SELECT * FROM members WHERE email = ?'),
    insert: db.prepare<MemberRow>(
      'INSERT INTO members (email, role, invited_by, at) VALUES (@email, @role, @invited_by, @at)',
    ),
    setRole: db.prepare<[Role, string, string], MemberRow>(
      'UPDATE members SET role = ?, at = ? WHERE email = ? RETURNING *',
    ),
    setOwner: db.prepare<[string, string], MemberRow>(
      "UPDATE members SET role = 'owner', invited_by = 'OWNER_EMAILS', at = ? WHERE email = ? RETURNING *",
    ),
    remove: db.prepare<[string]>('DELETE FROM members WHERE email = ?'),
    owners: db.prepare<[], number>("SELECT COUNT(*) FROM members WHERE role = 'owner'").pluck(),
  };

  // Every signed-in request asks for the caller's member row (team-roles.ts): kept per email (members and
  // non-members alike), as long as nobody changed the team. Our own changes all go through the writes below,
  // which forget everything kept; another connection's commit (a second process) moves the ledger's clock on (`others()`).
  const kept = new Map<string, Member | null>();
  let keptAt = -1;
  const forget = () => {
    kept.clear();
    keptAt = -1;
  };

  /** The acting owner's rule (team-rules.ts), their role read in the change's transaction. */
  const refusalOf = (guard: TeamWriteGuard | undefined) =>
    actingOwnerRefusal(guard, guard?.actingOwner === undefined ? undefined : sql.get.get(guard.actingOwner)?.role);

  /** Whether taking `row` out of the owners would leave none. */
  const lastOwner = (row: MemberRow) => row.role === 'owner' && sql.owners.get() === 1;

  const add = db.transaction(
    (member: { email: string; role: Role }, by: Author, guard?: TeamWriteGuard): TeamOutcome => {
      const refused = refusalOf(guard);
      if (refused) return refused;
      const existing = sql.get.get(member.email);
      if (existing) return { ok: false, reason: 'exists', member: toMember(existing) };
      const at = new Date().toISOString();
      const row: MemberRow = { email: member.email, role: member.role, invited_by: by.email, at };
      sql.insert.run(row);
      ledger.audit(note('member.add', row.email, null, row.role), by, at);
      return { ok: true, member: toMember(row) };
    },
  );

  const setRole = db.transaction((email: string, role: Role, by: Author, guard?: TeamWriteGuard): TeamOutcome => {
    const refused = refusalOf(guard);
    if (refused) return refused;
    const before = sql.get.get(email);
    if (!before) return { ok: false, reason: 'not_found' };
    if (before.role === role) return { ok: true, member: toMember(before) };
    if (lastOwner(before)) return { ok: false, reason: 'last_owner' };
    const at = new Date().toISOString();
    const after = sql.setRole.get(role, at, email)!;
    ledger.audit(note('member.role', email, before.role, role), by, at);
    return { ok: true, member: toMember(after) };
  });

  const remove = db.transaction((email: string, by: Author, guard?: TeamWriteGuard): TeamOutcome => {
    const refused = refusalOf(guard);
    if (refused) return refused;
    const before = sql.get.get(email);
    if (!before) return { ok: false, reason: 'not_found' };
    if (lastOwner(before)) return { ok: false, reason: 'last_owner' };
    sql.remove.run(email);
    ledger.audit(note('member.remove', email, before.role, null), by, new Date().toISOString());
    return { ok: true, member: toMember(before) };
  });

  const ensureOwners = db.transaction((emails: readonly string[]) => {
    for (const email of new Set(emails)) {
      const before = sql.get.get(email);
      if (before?.role === 'owner') continue;
      const at = new Date().toISOString();
      if (before) {
        sql.setOwner.run(at, email);
        ledger.audit(note('member.role', email, before.role, 'owner'), SYSTEM_ACTOR, at);
      } else {
        sql.insert.run({ email, role: 'owner', invited_by: 'OWNER_EMAILS', at });
        ledger.audit(note('member.add', email, null, 'owner'), SYSTEM_ACTOR, at);
      }
    }
  });

  return {
    async list() {
      return sql.all.all().map(toMember);
    },
    async get(email) {
      const version = ledger.clock.others();
      if (version !== keptAt) {
        kept.clear();
        keptAt = version;
      }
      let member = kept.get(email);
      if (member === undefined) {
        const row = sql.get.get(email);
        member = row ? Object.freeze(toMember(row)) : null;
        // Bounded: a burst of unknown callers starts the memory again rather than growing it.
        if (kept.size >= KEPT_MEMBERS) kept.clear();
        kept.set(email, member);
      }
      return member;
    },
    // Each write forgets what is kept before it runs: a rollback leaves nothing stale either.
    async add(member, by, guard) {
      forget();
      return add.immediate(member, by, guard);
    },
    async setRole(email, role, by, guard) {
      forget();
      return setRole.immediate(email, role, by, guard);
    },
    async remove(email, by, guard) {
      forget();
      return remove.immediate(email, by, guard);
    },
    async ensureOwners(emails) {
      forget();
      ensureOwners.immediate(emails);
    },
  };
}
