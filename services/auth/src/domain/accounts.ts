// The auth use cases: register, log in, refresh, log out, user info, profiles,
// deleting an account and what an export holds of it. Plain objects in and out;
// user mistakes are AppErrors (docs/service-kit.md).
import {
  badRequest,
  conflict,
  countryOf,
  homeCurrencyOf,
  forbidden,
  notFound,
  serviceUnavailable,
  unauthorized,
  UNAUTHORIZED_MESSAGES,
  type AuthUser,
  outboxEvent,
  type Logger,
  type RevokedUsers,
} from '@tripcost/shared';
import type { DataExport } from './data-export';
import type { IssuedRefreshToken, RefreshSessions } from './refresh-sessions';
import { EmailTakenError, type User, type UserProfileFields, type UserStore } from './user-store';
import type { PasswordHasher } from './passwords';
import {
  normaliseEmail,
  validateProfileChange,
  validateRegistration,
  type ProfileInput,
  type RegistrationInput,
} from './user-rules';

export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful. Please log in.',
  emailTaken: 'An account with this email already exists.',
  credentialsRequired: 'Email and password are required.',
  invalidCredentials: 'Invalid email or password.',
  sessionEnded: UNAUTHORIZED_MESSAGES.session_ended,
  loggedOut: 'Logged out.',
  userNotFound: 'User not found.',
  notYourProfile: 'You can only edit your own profile.',
  passwordRequired: 'Please enter your password to delete your account.',
  wrongPassword: 'The password is not correct.',
  accountDeleted: 'Your account and all its data have been deleted.',
  deletionUnavailable: 'Your account could not be deleted right now. Please try again in a minute.',
} as const;

export interface AccountDeps {
  users: UserStore;
  sessions: RefreshSessions;
  passwords: PasswordHasher;
  signAccessToken(user: AuthUser): string;
  /** Where a deleted account's still-valid access tokens are refused. */
  revokedUsers: Pick<RevokedUsers, 'revoke'>;
  /** Told after the account's tombstone carrying user.deleted is written, so the relay publishes it now. */
  outbox?: { nudge(): void };
  logger: Logger;
}

export interface UserInfo {
  _id: string;
  fname: string;
  lname: string;
  email: string;
  role: number;
  /** The profile's country: the web app reads typed amounts in its locale without asking for the profile. */
  country: string;
}

/** What any logged-in user may see of another user: name and where they live, not the birthday or zip. */
export type PublicProfile = { _id: string } & Pick<UserProfileFields, 'fname' | 'lname' | 'city' | 'state' | 'country'>;

/** The owner's own profile: the public part plus the private fields (birthday, zip, home currency). */
export type OwnProfile = { _id: string } & UserProfileFields;

export interface SessionGrant {
  accessToken: string;
  /** A new refresh token to set as the cookie; absent when the current one stays. */
  refresh?: IssuedRefreshToken;
}

const sessionEnded = () => unauthorized('session_ended');

export function createAccounts(deps: AccountDeps) {
  const { users, sessions, passwords, logger } = deps;
  const accessTokenFor = (user: User) =>
    deps.signAccessToken({ id: user._id, email: user.email, role: user.role, name: user.fname });

  return {
    async register(input: RegistrationInput): Promise<{ msg: string }> {
      const { email, password, profile } = validateRegistration(input);
      const passwordHash = await passwords.hash(password);
      try {
        const user = await users.create({ ...profile, email, passwordHash, role: 0 });
        logger.info({ userId: user._id }, 'user registered');
      } catch (error) {
        if (error instanceof EmailTakenError) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email_taken');
        throw error;
      }
      return { msg: ACCOUNT_MESSAGES.registered };
    },

    /** Wrong email and wrong password answer alike, after the same hashing work. */
    async login(input: { email?: string | null; password?: string | null }): Promise<Required<SessionGrant>> {
      if (!input.email?.trim() || !input.password) throw badRequest(ACCOUNT_MESSAGES.credentialsRequired);
      const account = await users.findByEmailWithCredentials(normaliseEmail(input.email));
      if (!account) {
        await passwords.verifyAgainstDummy(input.password);
        throw badRequest(ACCOUNT_MESSAGES.invalidCredentials, 'invalid_credentials');
      }
      if (!(await passwords.verify(input.password, account.passwordHash))) {
        throw badRequest(ACCOUNT_MESSAGES.invalidCredentials, 'invalid_credentials');
      }
      if (passwords.needsRehash(account.passwordHash)) {
        await users.updatePasswordHash(account._id, await passwords.hash(input.password));
      }
      const refresh = await sessions.start(account._id);
      return { accessToken: accessTokenFor(account), refresh };
    },

    async refresh(token: string | undefined): Promise<SessionGrant> {
      if (!token) throw sessionEnded();
      const outcome = await sessions.rotate(token);
      if (outcome.kind === 'invalid') throw sessionEnded();
      if (outcome.kind === 'reused') {
        logger.warn({ userId: outcome.userId }, 'rotated refresh token presented again; session family revoked');
        throw sessionEnded();
      }
      const user = await users.findById(outcome.userId);
      if (!user) {
        if (outcome.kind === 'rotated') await sessions.revoke(outcome.successor.token);
        throw sessionEnded();
      }
      return { accessToken: accessTokenFor(user), refresh: outcome.kind === 'rotated' ? outcome.successor : undefined };
    },

    async logout(token: string | undefined): Promise<{ msg: string }> {
      if (token) await sessions.revoke(token);
      return { msg: ACCOUNT_MESSAGES.loggedOut };
    },

    async userInfo(caller: AuthUser): Promise<UserInfo> {
      const user = await users.findById(caller.id);
      if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      return infoOf(user);
    },

    /** The owner gets every field; anyone else only the public ones. */
    async profile(caller: AuthUser, userId: string): Promise<OwnProfile | PublicProfile> {
      const user = await users.findById(userId);
      if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      return user._id === caller.id ? ownProfile(user) : publicProfile(user);
    },

    /**
     * Deletes the caller's account after checking the password. In this order, so a
     * failure part-way leaves nothing half-usable: the user's access tokens are
     * refused everywhere, every session (device) ends, the account goes, then
     * user.deleted tells trips and wishlists to delete the rest.
     */
    async deleteAccount(caller: AuthUser, password: string | null | undefined): Promise<{ msg: string }> {
      if (!password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired, 'password_required');
      const user = await users.findById(caller.id);
      const account = user && (await users.findByEmailWithCredentials(user.email));
      if (!account || account._id !== caller.id) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      if (!(await passwords.verify(password, account.passwordHash))) {
        throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
      }
      try {
        await deps.revokedUsers.revoke(account._id);
      } catch (error) {
        logger.warn({ err: error, userId: account._id }, 'could not revoke tokens; account not deleted');
        throw serviceUnavailable(ACCOUNT_MESSAGES.deletionUnavailable, 'deletion_unavailable');
      }
      await sessions.revokeAllOfUser(account._id);
      // The account and its user.deleted event go in one write (the outbox), so the
      // rest of the user's data is deleted even if this process dies right now.
      await users.remove(account._id, outboxEvent('user.deleted', { userId: account._id }, new Date().toISOString()));
      deps.outbox?.nudge();
      logger.info({ userId: account._id }, 'account deleted');
      return { msg: ACCOUNT_MESSAGES.accountDeleted };
    },

    /** This service's part of an export: the account and the full profile. */
    async exportPart(caller: AuthUser): Promise<Pick<DataExport, 'account' | 'profile'>> {
      const user = await users.findById(caller.id);
      if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      const { _id, email, createdAt } = user;
      const { _id: _ownId, ...profile } = ownProfile(user);
      return { account: { _id, email, createdAt }, profile };
    },

    /**
     * Owner only: someone else's existing profile is 403, a missing one 404. The
     * fields sent replace the stored ones and the result is validated as a whole.
     */
    async updateProfile(caller: AuthUser, userId: string, input: ProfileInput): Promise<OwnProfile> {
      const user = await users.findById(userId);
      if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      if (user._id !== caller.id) throw forbidden(ACCOUNT_MESSAGES.notYourProfile);
      const updated = await users.updateProfile(userId, validateProfileChange(input, user));
      if (!updated) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      return ownProfile(updated);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

function infoOf(user: User): UserInfo {
  const { _id, fname, lname, email, role } = user;
  return { _id, fname, lname, email, role, country: countryOf(user) };
}

function publicProfile(user: User): PublicProfile {
  const { _id, fname, lname, city, state } = user;
  return { _id, fname, lname, city, state, country: countryOf(user) };
}

function ownProfile(user: User): OwnProfile {
  const { _id, fname, lname, birthday, city, state, zip } = user;
  return {
    _id,
    fname,
    lname,
    birthday,
    city,
    state,
    zip,
    country: countryOf(user),
    home_currency: homeCurrencyOf(user),
  };
}
