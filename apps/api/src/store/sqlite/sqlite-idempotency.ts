import { IDEMPOTENCY_TTL_MS } from '@smart-zone/types/idempotency';
import type Database from 'better-sqlite3';
import {
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyRepository,
  IdempotencyTakenError,
} from '../ports/idempotency';

/** Issue 37: each caller's Idempotency-Keys, their claims (written with the write) and answers (ports/idempotency.ts). */
export const IDEMPOTENCY_TABLE = `
CREATE TABLE idempotency (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  attempt TEXT NOT NULL,
  at TEXT NOT NULL,
  status INTEGER,
  content_type TEXT,
  body TEXT,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_by_at ON idempotency (at);
`;

/** Records dropped per answer kept, oldest first, once past their day: the table holds about a day of writes. */
const PRUNED_PER_KEEP = 16;

const expiredBefore = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();

interface Row {
  fingerprint: string;
  attempt: string;
  at: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/**
 * Claims a key inside the caller's transaction (the ledger's appendAudit, for every entry a write appends): the
 * key is this attempt's when it had none, or only a record past its day; another attempt's live claim is an
 * IdempotencyTakenError, which rolls the write back.
 */
export function idempotencyClaims(db: Database.Database) {
  const claim = db.prepare(
    `INSERT INTO idempotency (scope, key, fingerprint, attempt, at) VALUES (@scope, @key, @fingerprint, @attempt, @at)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, attempt = excluded.attempt,
       at = excluded.at, status = NULL, content_type = NULL, body = NULL
     WHERE idempotency.at < @expired`,
  );
  const holder = db
    .prepare<[string, string], string>('SELECT attempt FROM idempotency WHERE scope = ? AND key = ?')
    .pluck();
  return (asked: IdempotencyClaim, now = new Date()) => {
    claim.run({ ...asked, at: now.toISOString(), expired: expiredBefore(now) });
    if (holder.get(asked.scope, asked.key) !== asked.attempt) throw new IdempotencyTakenError();
  };
}

export function sqliteIdempotency(db: Database.Database): IdempotencyRepository {
  const find = db.prepare<[string, string, string], Row>(
    'SELECT fingerprint, attempt, at, status, content_type, body FROM idempotency WHERE scope = ? AND key = ? AND at >= ?',
  );
  // A success: on its claim, or a record of its own (a write that appended no audit entry); never over another
  // attempt's live claim.
  const keepSuccess = db.prepare(
    `INSERT INTO idempotency (scope, key, fingerprint, attempt, at, status, content_type, body)
     VALUES (@scope, @key, @fingerprint, @attempt, @at, @status, @content_type, @body)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, attempt = excluded.attempt,
       at = excluded.at, status = excluded.status, content_type = excluded.content_type, body = excluded.body
     WHERE idempotency.attempt = excluded.attempt OR idempotency.at < @expired`,
  );
  // A refusal: only on its own claim (a write that wrote part of its work before it was refused).
  const keepRefusal = db.prepare(
    `UPDATE idempotency SET status = @status, content_type = @content_type, body = @body
     WHERE scope = @scope AND key = @key AND attempt = @attempt`,
  );
  const prune = db.prepare(
    `DELETE FROM idempotency WHERE (scope, key) IN
       (SELECT scope, key FROM idempotency WHERE at < ? ORDER BY at LIMIT ${PRUNED_PER_KEEP})`,
  );
  const keep = db.transaction((params: Record<string, unknown>, refusal: boolean) => {
    if (refusal) keepRefusal.run(params);
    else keepSuccess.run(params);
    prune.run(params.expired);
  });
  return {
    async find(scope, key, now = new Date()) {
      const row = find.get(scope, key, expiredBefore(now));
      if (!row) return undefined;
      const record: IdempotencyRecord = { fingerprint: row.fingerprint, attempt: row.attempt, at: row.at };
      if (row.status !== null) {
        record.answer = { status: row.status, contentType: row.content_type ?? '', body: row.body ?? '' };
      }
      return record;
    },
    async keep(claim, answer, now = new Date()) {
      const params = {
        ...claim,
        at: now.toISOString(),
        status: answer.status,
        content_type: answer.contentType,
        body: answer.body,
        expired: expiredBefore(now),
      };
      keep(params, answer.status >= 400);
    },
  };
}
