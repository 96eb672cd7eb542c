// Express middleware that turns the Authorization header into `req.user` or a 401.
import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '../errors';
import { InvalidTokenError, tokenFromHeader, type AuthUser, type TokenVerifier } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

export function requireAuth(verifier: TokenVerifier) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next(unauthorized('token_missing'));
    try {
      req.user = verifier.verify(token);
      next();
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return next(unauthorized('token_invalid'));
      }
      next(error);
    }
  };
}

/** For routes where a token is optional: sets `req.user` when a valid one is present. */
export function optionalAuth(verifier: TokenVerifier) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (token) {
      try {
        req.user = verifier.verify(token);
      } catch {
        // An invalid optional token is treated as no token at all.
      }
    }
    next();
  };
}

/** The authenticated user of a route behind requireAuth. */
export function userOf(req: Request): AuthUser {
  if (!req.user) throw unauthorized('token_missing');
  return req.user;
}
