// Token check at the edge. The shared verifier remembers tokens that verified until
// they expire (and only while their key is still trusted), so a client's repeated
// requests cost one map lookup, not an RS256 check each; an unknown key id may wait
// for the auth service's JWKS. Services verify again regardless.
import { InvalidTokenError, tokenFromHeader, unauthorized, type AppError, type TokenVerifier } from '@tripcost/shared';
import { isPublicRoute } from './routing';

export type EdgeAuth = (
  method: string,
  path: string,
  authorization: string | undefined,
) => AppError | undefined | Promise<AppError | undefined>;

export function createEdgeAuth(verifier: TokenVerifier): EdgeAuth {
  const verify = async (token: string): Promise<AppError | undefined> => {
    try {
      await verifier.verify(token);
      return undefined;
    } catch (error) {
      if (error instanceof InvalidTokenError) return unauthorized('token_invalid');
      throw error;
    }
  };
  return (method, path, authorization) => {
    if (isPublicRoute(method, path)) return undefined;
    const token = tokenFromHeader(authorization);
    if (!token) return unauthorized('token_missing');
    return verify(token);
  };
}
