// Express middleware that turns the Authorization header into `req.user` or a 401.
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors';
import { InvalidTokenError, tokenFromHeader, type AuthUser, type TokenVerifier } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

export function requireAuth(verifier: TokenVerifier) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next(new AppError(401, 'Please log in to continue.', 'token_missing'));
    verifier.verify(token).then(
      (user) => {
        req.user = user;
        next();
      },
      (error: unknown) => {
        if (error instanceof InvalidTokenError) {
          return next(
            new AppError(401, 'Your session has expired or is invalid. Please log in again.', 'token_invalid'),
          );
        }
        next(error);
      },
    );
  };
}

/** For routes where a token is optional: sets `req.user` when a valid one is present. */
export function optionalAuth(verifier: TokenVerifier) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next();
    verifier.verify(token).then(
      (user) => {
        req.user = user;
        next();
      },
      // An invalid optional token is treated as no token at all.
      () => next(),
    );
  };
}

/** The authenticated user of a route behind requireAuth. */
export function userOf(req: Request): AuthUser {
  if (!req.user) throw new AppError(401, 'Please log in to continue.', 'token_missing');
  return req.user;
}
