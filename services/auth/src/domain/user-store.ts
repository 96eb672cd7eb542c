// Users as the auth service stores them. Both adapters (embedded.ts, mongo.ts) keep
// a unique index on the normalised email and return plain objects with string ids.
import type { OutboxEvent, OutboxStore } from '@tripcost/shared';

import type { ProfileFields, StoredProfile } from '@tripcost/shared';

/**
 * The profile as the shared rules validate it (birthday YYYY-MM-DD; a country code;
 * in the US a state code and five-digit zip, elsewhere a region and postal code).
 */
export type UserProfileFields = ProfileFields;

/** A stored user: accounts made before countries existed have no `country` (they are US; see countryOf). */
export interface User extends StoredProfile {
  _id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** 1 means admin; registration always creates 0. */
  role: number;
  createdAt: string;
}

/** A user together with the password hash; only login ever needs the hash. */
export interface UserWithCredentials extends User {
  passwordHash: string;
}

export type NewUser = Omit<UserWithCredentials, '_id' | 'createdAt'>;

/** Thrown by `create` when the email is already registered (the unique index fired). */
export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
    this.name = 'EmailTakenError';
  }
}

export interface UserStore extends OutboxStore {
  /** Inserts a user with a fresh id; throws EmailTakenError for a duplicate email. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** `email` must already be normalised. */
  findByEmailWithCredentials(email: string): Promise<UserWithCredentials | null>;
  /** Replaces the profile fields in one atomic update; null when the user does not exist. */
  updateProfile(id: string, profile: UserProfileFields): Promise<User | null>;
  /** Stores a new hash (used to upgrade hashes made with weaker parameters). */
  updatePasswordHash(id: string, passwordHash: string): Promise<void>;
  /**
   * Deletes the user (the email may register again at once); false when already
   * gone. With `farewell`, the record is replaced in the same write by a tombstone
   * holding nothing but the id and that event (the outbox), which the relay
   * publishes and then purges, so user.deleted is never lost.
   */
  remove(id: string, farewell?: OutboxEvent): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What a deleted user leaves behind until its event is published: no personal data at all. */
export function tombstoneOf(id: string, farewell: OutboxEvent) {
  return { _id: id, email: `~deleted~${id}`, deleted_at: new Date().toISOString(), outbox: [farewell] };
}
