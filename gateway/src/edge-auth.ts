// Token check at the edge. RS256 verification is the most expensive per-request
// step in front of the proxy, so verified tokens are remembered until they expire
// (a bounded map keyed by the token itself), together with their key id: a token
// whose key has since been removed from the trusted set is verified again (and
// refused). Services verify again regardless.
import {
  AppError,
  expiryOfToken,
  InvalidTokenError,
  keyIdOfToken,
  tokenFromHeader,
  type TokenVerifier,
} from '@tripcost/shared';
import { isPublicRoute } from './routing';

const MAX_REMEMBERED = 10_000;

export type EdgeAuth = (
  method: string,
  path: string,
  authorization: string | undefined,
) => AppError | undefined | Promise<AppError | undefined>;

interface Remembered {
  expiresAt: number;
  kid: string;
}

export function createEdgeAuth(verifier: TokenVerifier): EdgeAuth {
  const remembered = new Map<string, Remembered>();

  const verify = async (token: string): Promise<AppError | undefined> => {
    try {
      await verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return new AppError(401, 'Your session has expired or is invalid. Please log in again.', 'token_invalid');
      }
      throw error;
    }
    const exp = expiryOfToken(token);
    const kid = keyIdOfToken(token);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    if (exp && kid) remembered.set(token, { expiresAt: exp * 1000, kid });
    return undefined;
  };

  // A remembered token is answered at once: no RSA work and no I/O on the hot path.
  return (method, path, authorization) => {
    if (isPublicRoute(method, path)) return undefined;
    const token = tokenFromHeader(authorization);
    if (!token) return new AppError(401, 'Please log in to continue.', 'token_missing');
    const known = remembered.get(token);
    if (known && known.expiresAt > Date.now() && verifier.trustsKey(known.kid)) return undefined;
    return verify(token);
  };
}
