// Access tokens: RS256 JWTs signed by the auth service only. Everyone else holds the
// public key and verifies with the algorithm pinned, so `alg: none` or an HS256 token
// "signed" with the public key can never pass.
import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const TOKEN_ISSUER = 'tripcost-auth';
export const TOKEN_AUDIENCE = 'tripcost';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AuthUser {
  id: string;
  email: string;
  role: number;
}

export interface TokenVerifier {
  verify(token: string): AuthUser;
}

export class InvalidTokenError extends Error {}

/** Verified tokens remembered per verifier; the map is emptied when it reaches this. */
const MAX_REMEMBERED = 10_000;

export function createTokenVerifier(publicKeyPem: string): TokenVerifier {
  // Parse the PEM once: handing jsonwebtoken the text makes it re-parse the key on
  // every request, which profiles showed as the largest per-request cost.
  const publicKey: KeyObject = createPublicKey(publicKeyPem);
  // An RS256 check is still the largest per-request cost after that, and a client
  // sends the same token for up to 15 minutes: a token that verified is remembered,
  // with its user, until it expires. Only verified tokens enter the map.
  const remembered = new Map<string, { user: AuthUser; expiresAt: number }>();
  return {
    verify(token) {
      const known = remembered.get(token);
      if (known !== undefined) {
        if (known.expiresAt > Date.now()) return known.user;
        remembered.delete(token);
      }
      const { user, exp } = verifySignature(token);
      if (exp !== undefined) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(token, { user, expiresAt: exp * 1000 });
      }
      return user;
    },
  };

  function verifySignature(token: string): { user: AuthUser; exp?: number } {
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, publicKey, {
        algorithms: ['RS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
    } catch (error) {
      throw new InvalidTokenError((error as Error).message);
    }
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
      throw new InvalidTokenError('token is missing its subject or email');
    }
    const user = Object.freeze({
      id: claims.sub,
      email: claims.email,
      role: typeof claims.role === 'number' ? claims.role : 0,
    });
    return { user, exp: typeof claims.exp === 'number' ? claims.exp : undefined };
  }
}

export function signAccessToken(privateKey: string, user: AuthUser, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): string {
  return jwt.sign({ email: user.email, role: user.role }, privateKey, {
    algorithm: 'RS256',
    subject: user.id,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/** Clients send the token raw or as `Bearer <token>` (spec §6); both are accepted. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const token = /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, '') : trimmed;
  return token.length > 0 && token.length < 8192 ? token : undefined;
}
