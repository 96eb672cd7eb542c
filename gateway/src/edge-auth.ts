// Token check at the edge. The shared verifier remembers tokens that verified until
// they expire, so a client's repeated requests cost one map lookup, not an RS256
// check each. Services verify again regardless.
import { AppError, InvalidTokenError, tokenFromHeader, type TokenVerifier } from '@tripcost/shared';
import { isPublicRoute } from './routing';

export type EdgeAuth = (method: string, path: string, authorization: string | undefined) => AppError | undefined;

export function createEdgeAuth(verifier: TokenVerifier): EdgeAuth {
  return (method, path, authorization) => {
    if (isPublicRoute(method, path)) return undefined;
    const token = tokenFromHeader(authorization);
    if (!token) return new AppError(401, 'Please log in to continue.', 'token_missing');
    try {
      verifier.verify(token);
      return undefined;
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return new AppError(401, 'Your session has expired or is invalid. Please log in again.', 'token_invalid');
      }
      throw error;
    }
  };
}
