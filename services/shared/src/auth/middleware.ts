// Express middleware that turns the Authorization header into `req.user` or a 401.
import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '../errors';
import { noRevokedUsers, type RevokedUsers } from './revoked-users';
import { InvalidTokenError, tokenFromHeader, type AuthUser, type TokenVerifier } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

const invalidToken = () => unauthorized('token_invalid');

/** The answer for a valid token of a user whose tokens are revoked (e.g. a deleted account). */
export const revokedToken = () => unauthorized('token_revoked');

/**
 * The caller as memory alone knows it: a token verified before, of a user whose
 * revocation state the replica holds. `revoked` is true for a revoked user;
 * undefined when a promise must decide (a new token, or Redis must be asked).
 * Most requests end here, without a promise or a turn of the microtask queue.
 */
function knownCaller(
  verifier: TokenVerifier,
  revoked: RevokedUsers,
  token: string,
): { user: AuthUser; revoked: boolean } | undefined {
  const user = verifier.remembered?.(token);
  if (user === undefined) return undefined;
  const isRevoked = revoked.revokedNow?.(user.id);
  return isRevoked === undefined ? undefined : { user, revoked: isRevoked };
}

/** Who a token names: a user (revoked or not), a token that does not verify, or a failure to find out. */
type Caller = { user: AuthUser; revoked: boolean } | { invalid: unknown } | { failed: unknown };

/**
 * Tells `done` who the token names: at once when memory knows (knownCaller), else
 * after verification — which may wait for the JWKS (an unknown key id) — and the
 * deny-list check that follows it.
 */
function findCaller(verifier: TokenVerifier, revoked: RevokedUsers, token: string, done: (caller: Caller) => void) {
  const known = knownCaller(verifier, revoked, token);
  if (known !== undefined) return done(known);
  verifier
    .verify(token)
    .then(
      (user) => revoked.isRevoked(user.id).then((isRevoked) => done({ user, revoked: isRevoked })),
      (error: unknown) => done({ invalid: error }),
    )
    .catch((error: unknown) => done({ failed: error }));
}

export function requireAuth(verifier: TokenVerifier, revoked: RevokedUsers = noRevokedUsers) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next(unauthorized('token_missing'));
    findCaller(verifier, revoked, token, (caller) => {
      if ('failed' in caller) return next(caller.failed);
      if ('invalid' in caller)
        return next(caller.invalid instanceof InvalidTokenError ? invalidToken() : caller.invalid);
      if (caller.revoked) return next(revokedToken());
      req.user = caller.user;
      next();
    });
  };
}

/** For routes where a token is optional: sets `req.user` when a valid one is present. */
export function optionalAuth(verifier: TokenVerifier, revoked: RevokedUsers = noRevokedUsers) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next();
    findCaller(verifier, revoked, token, (caller) => {
      if ('failed' in caller) return next(caller.failed);
      // An invalid optional token is treated as no token at all; so is a revoked one.
      if ('user' in caller && !caller.revoked) req.user = caller.user;
      next();
    });
  };
}

/** The authenticated user of a route behind requireAuth. */
export function userOf(req: Request): AuthUser {
  if (!req.user) throw unauthorized('token_missing');
  return req.user;
}
