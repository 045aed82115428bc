import type { Person } from '@smart-zone/types/team';
import type { Author } from './items';

/**
 * The people who signed in (issue 36): their display names and when they last signed in, by email (trimmed, lower
 * case). Anyone who signs in has a row, member or not; a name is the account's until they set their own.
 */
export interface PeopleRepository {
  /** A sign-in: its time, and the account's name unless they set one (not audited: nothing anyone decided). */
  signedIn(email: string, accountName: string | undefined, at?: string): Promise<void>;
  /** Their own name, set by them, with its audit entry (`member.name`). */
  setName(email: string, name: string, by: Author): Promise<Person>;
  get(email: string): Promise<Person | null>;
  /** Everyone who signed in or named themselves, by email. */
  list(): Promise<Person[]>;
}
