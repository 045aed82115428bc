/** Answers keep the MongoDB driver's shapes, whatever the store: the spec's client reads them. */
export interface InsertResult {
  acknowledged: true;
  insertedId: string;
}

export interface UpdateResult {
  acknowledged: true;
  matchedCount: number;
  modifiedCount: number;
}

export interface DeleteResult {
  acknowledged: true;
  deletedCount: number;
}

export interface LoginResult {
  accessToken: string;
}

export interface HealthResult {
  ok: boolean;
  store: 'sqlite' | 'mongo';
}

/** The header of every list answer: how many items match, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
