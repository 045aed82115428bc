/**
 * Exactly-once writes (issue 37): a request that carries an `Idempotency-Key` writes its claim on the key in the
 * same transaction as its effect (the ledger appends it with the write's audit entry, both stores), and its answer
 * is kept on the claim once sent (http/idempotency.ts). A replay finds the answer; a claim without one is a request
 * still running (or one whose answer was lost with the process); a record older than IDEMPOTENCY_TTL_MS is gone.
 */

/** The key a write claims, carried with its Author: who asked (scope), the key, what was asked, which attempt. */
export interface IdempotencyClaim {
  /** The caller's uid: keys of two users never meet. */
  scope: string;
  key: string;
  /** A hash of the method, the path with its query, and the body (idempotency.ts `fingerprintOf`). */
  fingerprint: string;
  /** This request's own id: its later transactions (an import's chunks) find their claim theirs. */
  attempt: string;
}

/** An answer as sent: its status, its Content-Type and its body (JSON text). */
export interface KeptAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  attempt: string;
  /** When the key was first claimed (ISO): it is kept for IDEMPOTENCY_TTL_MS from then. */
  at: string;
  answer?: KeptAnswer;
}

export interface IdempotencyRepository {
  /** The key's record for this caller, unless it is older than IDEMPOTENCY_TTL_MS at `now`. */
  find(scope: string, key: string, now?: Date): Promise<IdempotencyRecord | undefined>;
  /**
   * Keeps the answer of the claim's request: on its claim (its write made one), or, for a success that wrote no
   * audit entry (marking an alert read), as a new record. A refusal whose request claimed nothing is not kept
   * (it changed nothing: the same request is decided again).
   */
  keep(claim: IdempotencyClaim, answer: KeptAnswer, now?: Date): Promise<void>;
}

/** Thrown inside a write whose key another attempt holds: the transaction rolls back, nothing written (a 409). */
export class IdempotencyTakenError extends Error {
  constructor() {
    super('Another request with this Idempotency-Key is still being answered: ask again in a moment.');
    this.name = 'IdempotencyTakenError';
  }
}
