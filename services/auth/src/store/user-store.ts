// Users as the auth service stores them. Both adapters (embedded.ts, mongo.ts) keep
// a unique index on the normalised email and return plain objects with string ids.

export interface UserProfileFields {
  fname: string;
  lname: string;
  /** Calendar date, YYYY-MM-DD. */
  birthday: string;
  city: string;
  /** One of the 50 US state codes. */
  state: string;
  zip: string;
}

export interface User extends UserProfileFields {
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

export interface UserStore {
  /** Inserts a user with a fresh id; throws EmailTakenError for a duplicate email. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** `email` must already be normalised. */
  findByEmailWithCredentials(email: string): Promise<UserWithCredentials | null>;
  /** Replaces the profile fields in one atomic update; null when the user does not exist. */
  updateProfile(id: string, profile: UserProfileFields): Promise<User | null>;
  /** Stores a new hash (used to upgrade hashes made with weaker parameters). */
  updatePasswordHash(id: string, passwordHash: string): Promise<void>;
  /** Deletes the user for good (the email may register again); false when already gone. */
  remove(id: string): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
