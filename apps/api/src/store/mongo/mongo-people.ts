import type { Db } from 'mongodb';
import { displayNameOf, type Person } from '@smart-zone/types/team';
import type { PeopleRepository } from '../ports/people';
import { inTx, type MongoLedger } from './mongo-ledger';
import { OPERATION_TIME_MS } from './mongo-tx';

/** Who signed in (issue 36), as SQLite's `people`: by email; `ownName`: they set their name themselves. */
interface PersonDoc {
  _id: string;
  name?: string;
  ownName?: boolean;
  signedInAt?: Date;
}

const toPerson = (doc: PersonDoc): Person => ({
  email: doc._id,
  ...(doc.name ? { name: doc.name } : {}),
  ...(doc.signedInAt ? { signedInAt: doc.signedInAt.toISOString() } : {}),
});

/** The people who signed in (ports/people.ts), a document per email. */
export function mongoPeople(db: Db, ledger: MongoLedger): PeopleRepository {
  const people = db.collection<PersonDoc>('people');
  const read = { maxTimeMS: OPERATION_TIME_MS };
  return {
    async signedIn(email, accountName, at = new Date().toISOString()) {
      const name = displayNameOf(accountName);
      // The account's name only while they have not set their own (one update: a pipeline reads ownName).
      await people.updateOne(
        { _id: email },
        [
          {
            $set: {
              signedInAt: new Date(at),
              ...(name ? { name: { $cond: [{ $eq: ['$ownName', true] }, '$name', name] } } : {}),
            },
          },
        ],
        { upsert: true, ...read },
      );
    },
    async setName(email, name, by) {
      return ledger.write(async (session) => {
        const before = await people.findOne({ _id: email }, inTx(session));
        await people.updateOne({ _id: email }, { $set: { name, ownName: true } }, { upsert: true, ...inTx(session) });
        await ledger.audit(
          {
            action: 'member.name',
            target: { kind: 'member', id: email, name: email },
            changes: { name: [before?.name ?? null, name] },
          },
          by,
          session,
        );
        return toPerson({ ...before, _id: email, name, ownName: true });
      });
    },
    async get(email) {
      const doc = await people.findOne({ _id: email }, read);
      return doc ? toPerson(doc) : null;
    },
    async list() {
      return (await people.find({}, { sort: { _id: 1 }, ...read }).toArray()).map(toPerson);
    },
  };
}
