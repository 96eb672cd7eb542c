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

export interface EdgeAuth {
  (method: string, path: string, authorization: string | undefined): Promise<EdgeAuthOutcome>;
  /**
   * The same outcome when memory alone decides (a public route, no token, a token
   * verified before and a user the revocation replica knows); undefined when only
   * the promise above can. Most requests end here, without a turn of the microtask queue.
   */
  now(method: string, path: string, authorization: string | undefined): EdgeAuthOutcome | undefined;
}

const PUBLIC: EdgeAuthOutcome = { user: undefined };

export function createEdgeAuth(verifier: TokenVerifier, revokedUsers: RevokedUsers): EdgeAuth {
  const now = (method: string, path: string, authorization: string | undefined): EdgeAuthOutcome | undefined => {
    if (isPublicRoute(method, path)) return PUBLIC;
    const token = tokenFromHeader(authorization);
    if (!token) return { refused: unauthorized('token_missing') };
    const user = verifier.remembered?.(token);
    if (user === undefined) return undefined;
    const revoked = revokedUsers.revokedNow?.(user.id);
    if (revoked === undefined) return undefined;
    return revoked ? { refused: revokedToken() } : { user };
  };
  /** A token to verify (it was not remembered), or a user Redis must be asked about. */
  const verified = async (token: string): Promise<EdgeAuthOutcome> => {
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
  const check = async (method: string, path: string, authorization: string | undefined) =>
    now(method, path, authorization) ?? verified(tokenFromHeader(authorization)!);
  return Object.assign(check, { now });
}
