// Token check at the edge, in one step: the signature (the shared verifier remembers
// tokens that verified until they expire, and only while their key is still trusted,
// so a client's repeated requests cost one map lookup, not an RS256 check each; an
// unknown key id may wait for the auth service's JWKS), then the token's user against
// the revoked-users list (services/shared auth/revoked-users.ts, answered from memory),
// so a deleted account's token is turned away before it costs a service anything.
// Services verify again regardless.
import {
  InvalidTokenError,
  revokedToken,
  tokenFromHeader,
  unauthorized,
  type AppError,
  type AuthUser,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import { isPublicRoute } from './routing';

/** Refused with this error, or let through (with the token's user when one was sent and needed). */
export type EdgeAuthOutcome = { refused: AppError } | { user: AuthUser | undefined };

export type EdgeAuth = (method: string, path: string, authorization: string | undefined) => Promise<EdgeAuthOutcome>;

const PUBLIC: EdgeAuthOutcome = { user: undefined };

export function createEdgeAuth(verifier: TokenVerifier, revokedUsers: RevokedUsers): EdgeAuth {
  return async (method, path, authorization) => {
    if (isPublicRoute(method, path)) return PUBLIC;
    const token = tokenFromHeader(authorization);
    if (!token) return { refused: unauthorized('token_missing') };
    let user: AuthUser;
    try {
      user = await verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return { refused: unauthorized('token_invalid') };
      throw error;
    }
    if (await revokedUsers.isRevoked(user.id)) return { refused: revokedToken() };
    return { user };
  };
}
