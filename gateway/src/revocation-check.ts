// The edge's half of refusing a deleted account's tokens: after edge-auth has
// verified the signature, the token's subject is looked up in the shared list of
// revoked users (services/shared auth/revoked-users.ts), so a stale token is turned
// away here before it costs a service anything. Services check again regardless.
import { revokedToken, tokenFromHeader, type AppError, type RevokedUsers } from '@tripcost/shared';
import { isPublicRoute } from './routing';

export type RevocationCheck = (
  method: string,
  path: string,
  authorization: string | undefined,
) => Promise<AppError | undefined>;

export function createRevocationCheck(revokedUsers: RevokedUsers): RevocationCheck {
  return async (method, path, authorization) => {
    if (isPublicRoute(method, path)) return undefined;
    const userId = subjectOf(tokenFromHeader(authorization));
    if (!userId) return undefined;
    return (await revokedUsers.isRevoked(userId)) ? revokedToken() : undefined;
  };
}

/** The `sub` claim of a token whose signature was already verified. */
export function subjectOf(token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
