// Token check at the edge. RS256 verification is the most expensive per-request
// step in front of the proxy, so verified tokens are remembered until they expire
// (a bounded map keyed by the token itself). Services verify again regardless.
import { InvalidTokenError, tokenFromHeader, unauthorized, type AppError, type TokenVerifier } from '@tripcost/shared';
import { isPublicRoute } from './routing';

const MAX_REMEMBERED = 10_000;

export type EdgeAuth = (method: string, path: string, authorization: string | undefined) => AppError | undefined;

export function createEdgeAuth(verifier: TokenVerifier): EdgeAuth {
  const remembered = new Map<string, number>(); // token → expiry (ms)
  return (method, path, authorization) => {
    if (isPublicRoute(method, path)) return undefined;
    const token = tokenFromHeader(authorization);
    if (!token) return unauthorized('token_missing');
    const expiry = remembered.get(token);
    if (expiry !== undefined && expiry > Date.now()) return undefined;
    try {
      verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return unauthorized('token_invalid');
      }
      throw error;
    }
    const exp = decodeExpiry(token);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    if (exp) remembered.set(token, exp * 1000);
    return undefined;
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
