import type Database from 'better-sqlite3';
import { displayNameOf, type Person } from '@smart-zone/types/team';
import type { PeopleRepository } from '../ports/people';
import type { SqliteLedger } from './sqlite-ledger';

interface PersonRow {
  email: string;
  name: string | null;
  own_name: 0 | 1;
  signed_in_at: string | null;
}

const toPerson = (row: PersonRow): Person => ({
  email: row.email,
  ...(row.name ? { name: row.name } : {}),
  ...(row.signed_in_at ? { signedInAt: row.signed_in_at } : {}),
});

/** The people who signed in (ports/people.ts), a row per email. */
export function sqlitePeople(db: Database.Database, ledger: SqliteLedger, committed: () => void): PeopleRepository {
  const sql = {
    get: db.prepare<[string], PersonRow>('SELECT * FROM people WHERE email = ?'),
    all: db.prepare<[], PersonRow>('SELECT * FROM people ORDER BY email'),
    signedIn: db.prepare<{ email: string; name: string | null; at: string }>(
      `INSERT INTO people (email, name, signed_in_at) VALUES (@email, @name, @at)
       ON CONFLICT (email) DO UPDATE SET signed_in_at = excluded.signed_in_at,
         name = CASE WHEN own_name = 1 THEN name ELSE COALESCE(excluded.name, name) END`,
    ),
    setName: db.prepare<{ email: string; name: string }, PersonRow>(
      `INSERT INTO people (email, name, own_name) VALUES (@email, @name, 1)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, own_name = 1 RETURNING *`,
    ),
  };
  const setName = db.transaction((email: string, name: string, by: Parameters<PeopleRepository['setName']>[2]) => {
    const before = sql.get.get(email)?.name ?? null;
    const row = sql.setName.get({ email, name })!;
    ledger.audit(
      { action: 'member.name', target: { kind: 'member', id: email, name: email }, changes: { name: [before, name] } },
      by,
      new Date().toISOString(),
    );
    return toPerson(row);
  });
  return {
    async signedIn(email, accountName, at = new Date().toISOString()) {
      sql.signedIn.run({ email, name: displayNameOf(accountName), at });
      committed();
    },
    async setName(email, name, by) {
      const person = setName(email, name, by);
      committed();
      return person;
    },
    async get(email) {
      const row = sql.get.get(email);
      return row ? toPerson(row) : null;
    },
    async list() {
      return sql.all.all().map(toPerson);
    },
  };
}
