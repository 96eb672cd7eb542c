// Token check at the edge. RS256 verification is the most expensive per-request
// step in front of the proxy, so verified tokens are remembered until they expire
// (a bounded map keyed by the token itself). Services verify again regardless.
import type { RequestHandler } from 'express';
import { AppError, InvalidTokenError, tokenFromHeader, type TokenVerifier } from '@tripcost/shared';
import { isPublicRoute } from './routing';

const MAX_REMEMBERED = 10_000;

export function edgeAuth(verifier: TokenVerifier): RequestHandler {
  const remembered = new Map<string, number>(); // token → expiry (ms)
  return (req, _res, next) => {
    if (isPublicRoute(req.method, `${req.baseUrl}${req.path}`)) return next();
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return next(new AppError(401, 'Please log in to continue.', 'token_missing'));
    const now = Date.now();
    const expiry = remembered.get(token);
    if (expiry !== undefined && expiry > now) return next();
    try {
      verifier.verify(token);
      const exp = decodeExpiry(token);
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      if (exp) remembered.set(token, exp * 1000);
      next();
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return next(new AppError(401, 'Your session has expired or is invalid. Please log in again.', 'token_invalid'));
      }
      next(error);
    }
  };
}

function decodeExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}
