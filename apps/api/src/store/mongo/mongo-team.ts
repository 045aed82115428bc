import { MongoServerError, type ClientSession } from 'mongodb';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { normaliseEmail, type Role } from '@smart-zone/types/roles';
import type { AuditNote } from '../audit-entries';
import { actingOwnerRefusal } from '../team-rules';
import type { Author, TeamOutcome, TeamRepository, TeamWriteGuard } from '../store';
import { toMember, type MemberDoc, type MongoCollections } from './documents';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

/** ensureOwners' inviter: the setting that names them. */
const FROM_SETTINGS = 'OWNER_EMAILS';
const DUPLICATE_KEY = 11000;

const memberNote = (action: AuditNote['action'], email: string, role: [Role | null, Role | null]): AuditNote => ({
  action,
  target: { kind: 'member', id: email, name: email },
  changes: { role },
});

/**
 * The team, one document per email. Every change appends its audit entry in
 * its transaction (ledger.audit), and that updates the team's own counter
 * document (mongo-ledger.ts): any two team writes update the same document,
 * so MongoDB makes them conflict and the driver retries the later one, which
 * then reads what the first committed. That is what keeps the last owner: two owners
 * demoting each other each read "two owners" and update different members,
 * which alone would not conflict; the shared counter makes the second see one.
 * (A standalone server has no transactions: there the rule holds for writes
 * one at a time only, as the ledger's other guarantees.)
 */
export function mongoTeam({ members }: MongoCollections, ledger: MongoLedger): TeamRepository {
  const { write } = ledger;

  /** Whether an owner other than `email` remains, read inside the caller's write. */
  const otherOwner = async (email: string, session?: ClientSession) =>
    (await members.countDocuments({ role: 'owner', _id: { $ne: email } }, { limit: 1, ...inTx(session) })) > 0;

  /**
   * The acting owner's rule (team-rules.ts), their role read inside the caller's write: a concurrent
   * demotion of theirs writes the team's counter too (ledger.audit), so one of the two retries and reads
   * what the other committed.
   */
  const refusalOf = async (guard: TeamWriteGuard | undefined, session?: ClientSession) =>
    actingOwnerRefusal(
      guard,
      guard?.actingOwner === undefined
        ? undefined
        : (await members.findOne({ _id: normaliseEmail(guard.actingOwner) }, inTx(session)))?.role,
    );

  /** Adds the member, or answers the one there; inside the caller's write. */
  async function insert(
    doc: MemberDoc,
    by: Author,
    session?: ClientSession,
    guard?: TeamWriteGuard,
  ): Promise<TeamOutcome> {
    const refused = await refusalOf(guard, session);
    if (refused) return refused;
    const existing = await members.findOne({ _id: doc._id }, inTx(session));
    if (existing) return { ok: false, reason: 'exists', member: toMember(existing) };
    await members.insertOne(doc, inTx(session));
    await ledger.audit(memberNote('member.add', doc._id, [null, doc.role]), by, session, doc.at);
    return { ok: true, member: toMember(doc) };
  }

  async function setRole(
    email: string,
    role: Role,
    by: Author,
    { invitedBy, guard }: { invitedBy?: string; guard?: TeamWriteGuard } = {},
  ): Promise<TeamOutcome> {
    const _id = normaliseEmail(email);
    return write(async (session): Promise<TeamOutcome> => {
      const refused = await refusalOf(guard, session);
      if (refused) return refused;
      const current = await members.findOne({ _id }, inTx(session));
      if (!current) return { ok: false, reason: 'not_found' };
      if (current.role === role) return { ok: true, member: toMember(current) };
      if (current.role === 'owner' && !(await otherOwner(_id, session))) return { ok: false, reason: 'last_owner' };
      const at = new Date();
      const updated: MemberDoc = { ...current, role, at, ...(invitedBy ? { invitedBy } : {}) };
      await members.updateOne({ _id }, { $set: { role, at, ...(invitedBy ? { invitedBy } : {}) } }, inTx(session));
      await ledger.audit(memberNote('member.role', _id, [current.role, role]), by, session, at);
      return { ok: true, member: toMember(updated) };
    });
  }

  /** add, where a standalone server (no transaction) lets a concurrent add of the same email through to the insert. */
  async function add(doc: MemberDoc, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome> {
    try {
      return await write((session) => insert(doc, by, session, guard));
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const existing = await members.findOne({ _id: doc._id }, { maxTimeMS: OPERATION_TIME_MS });
      if (!existing) throw error;
      return { ok: false, reason: 'exists', member: toMember(existing) };
    }
  }

  return {
    async list() {
      return (await members.find({}).sort({ _id: 1 }).maxTimeMS(OPERATION_TIME_MS).toArray()).map(toMember);
    },
    async get(email) {
      const doc = await members.findOne({ _id: normaliseEmail(email) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toMember(doc) : null;
    },
    add({ email, role }, by, guard) {
      return add({ _id: normaliseEmail(email), role, invitedBy: by.email, at: new Date() }, by, guard);
    },
    setRole(email, role, by, guard) {
      return setRole(email, role, by, { guard });
    },
    remove(email, by, guard) {
      const _id = normaliseEmail(email);
      return write(async (session): Promise<TeamOutcome> => {
        const refused = await refusalOf(guard, session);
        if (refused) return refused;
        const current = await members.findOne({ _id }, inTx(session));
        if (!current) return { ok: false, reason: 'not_found' };
        if (current.role === 'owner' && !(await otherOwner(_id, session))) return { ok: false, reason: 'last_owner' };
        await members.deleteOne({ _id }, inTx(session));
        await ledger.audit(memberNote('member.remove', _id, [current.role, null]), by, session);
        return { ok: true, member: toMember(current) };
      });
    },
    async ensureOwners(emails) {
      for (const email of new Set(emails.map(normaliseEmail))) {
        if (!email) continue;
        const outcome = await add(
          { _id: email, role: 'owner', invitedBy: FROM_SETTINGS, at: new Date() },
          SYSTEM_ACTOR,
        );
        // A member already: promoted, unless an owner (then setRole writes nothing).
        if (!outcome.ok && outcome.reason === 'exists')
          await setRole(email, 'owner', SYSTEM_ACTOR, { invitedBy: FROM_SETTINGS });
      }
    },
  };
}
