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

export function requireAuth(verifier: TokenVerifier, revoked: RevokedUsers = noRevokedUsers) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next(unauthorized('token_missing'));
    const known = knownCaller(verifier, revoked, token);
    if (known !== undefined) {
      if (known.revoked) return next(revokedToken());
      req.user = known.user;
      return next();
    }
    // Verification may wait for the JWKS (an unknown key id); the deny-list check follows it.
    verifier
      .verify(token)
      .then(
        (user) =>
          revoked.isRevoked(user.id).then((isRevoked) => {
            if (isRevoked) return next(revokedToken());
            req.user = user;
            next();
          }),
        (error: unknown) => next(error instanceof InvalidTokenError ? invalidToken() : error),
      )
      .catch(next);
  };
}

/** For routes where a token is optional: sets `req.user` when a valid one is present. */
export function optionalAuth(verifier: TokenVerifier, revoked: RevokedUsers = noRevokedUsers) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next();
    const known = knownCaller(verifier, revoked, token);
    if (known !== undefined) {
      if (!known.revoked) req.user = known.user;
      return next();
    }
    verifier
      .verify(token)
      .then(
        (user) =>
          revoked.isRevoked(user.id).then((isRevoked) => {
            if (!isRevoked) req.user = user;
            next();
          }),
        // An invalid optional token is treated as no token at all; so is a revoked one.
        () => next(),
      )
      .catch(next);
  };
}

/** The authenticated user of a route behind requireAuth. */
export function userOf(req: Request): AuthUser {
  if (!req.user) throw unauthorized('token_missing');
  return req.user;
}
