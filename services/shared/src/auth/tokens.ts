// Access tokens: RS256 JWTs signed by the auth service only, each naming its signing
// key in the `kid` header. Everyone else holds public keys (a key ring: static, or
// the auth service's JWKS) and verifies with the algorithm pinned, so `alg: none` or
// an HS256 token "signed" with a public key can never pass, and a token whose key is
// not (or no longer) trusted is refused.
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { staticKeyRing, type KeyRing } from './key-ring';
import { publicKeysFromPem, type SigningKey } from './keys';

export const TOKEN_ISSUER = 'tripcost-auth';
export const TOKEN_AUDIENCE = 'tripcost';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AuthUser {
  id: string;
  email: string;
  role: number;
  /** The account's first name (the `name` claim): how other members of a shared trip see the user; absent in older tokens. */
  name?: string;
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
  /**
   * Synchronous: the user of a token this verifier has already verified, while it is
   * unexpired and its key still trusted; otherwise undefined (then ask `verify`).
   * Lets a hot path skip a promise and a turn of the microtask queue per request.
   */
  remembered?(token: string): AuthUser | undefined;
  /** Synchronous: is the key with this id still trusted (for caches of verified tokens)? */
  trustsKey(kid: string): boolean;
}

export class InvalidTokenError extends Error {}

/** Verified tokens remembered per verifier; the map is emptied when it reaches this. */
const MAX_REMEMBERED = 10_000;

interface Remembered {
  token: string;
  user: AuthUser;
  expiresAt: number;
  kid: string;
}

/** Characters of a token's end (its RS256 signature: uniformly random) that key the memory of verified tokens. */
const REMEMBER_KEY_CHARS = 24;
const rememberKey = (token: string): string => token.slice(-REMEMBER_KEY_CHARS);

/** A verifier over a key ring, or over the public key(s) of a PEM text (static keys). */
export function createTokenVerifier(keys: KeyRing | string): TokenVerifier {
  // Keys are parsed once: handing jsonwebtoken PEM text makes it re-parse the key on
  // every request, which profiles showed as the largest per-request cost.
  const ring = typeof keys === 'string' ? staticKeyRing(publicKeysFromPem(keys)) : keys;
  // An RS256 check is still the largest per-request cost after that, and a client
  // sends the same token for up to 15 minutes: a token that verified is remembered,
  // with its user and key id, until it expires — and only while its key is still
  // trusted, so removing a key ends its tokens at once. Only verified tokens enter.
  // Keyed by the signature's last characters, not the whole token: a token is about
  // 700 characters, arrives as a new string with every request, and hashing all of it
  // for the lookup was the largest single cost of an authorised request's hop through
  // the gateway (callgrind). The entry keeps the whole token, and only the same token
  // (compared in full) gets its user.
  const remembered = new Map<string, Remembered>();
  const stillValid = (known: { expiresAt: number; kid: string }) =>
    known.expiresAt > Date.now() && ring.trusts(known.kid);
  const lookup = (token: string): Remembered | undefined => {
    const known = remembered.get(rememberKey(token));
    return known !== undefined && known.token === token ? known : undefined;
  };
  return {
    remembered(token) {
      const known = lookup(token);
      return known !== undefined && stillValid(known) ? known.user : undefined;
    },
    async verify(token) {
      const known = lookup(token);
      if (known !== undefined) {
        if (stillValid(known)) return known.user;
        remembered.delete(rememberKey(token));
      }
      const kid = keyIdOfToken(token);
      if (!kid) throw new InvalidTokenError('token names no signing key');
      const key: KeyObject | undefined = await ring.keyFor(kid);
      if (!key) throw new InvalidTokenError('token signed with an unknown key');
      let claims: jwt.JwtPayload | string;
      try {
        claims = jwt.verify(token, key, {
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
        ...(typeof claims.name === 'string' && claims.name !== '' ? { name: claims.name } : {}),
      });
      if (typeof claims.exp === 'number') {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(rememberKey(token), { token, user, expiresAt: claims.exp * 1000, kid });
      }
      return user;
    },
    trustsKey: (kid) => ring.trusts(kid),
  };
}

export function signAccessToken(key: SigningKey, user: AuthUser, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): string {
  const claims = { email: user.email, role: user.role, ...(user.name ? { name: user.name } : {}) };
  return jwt.sign(claims, key.privateKey, {
    algorithm: 'RS256',
    keyid: key.kid,
    subject: user.id,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/** The `kid` of a compact JWT's header, read without verifying anything. */
export function keyIdOfToken(token: string): string | undefined {
  const header = decodeSegment(token.slice(0, token.indexOf('.')));
  const kid = header?.kid;
  return typeof kid === 'string' && kid.length > 0 && kid.length <= 128 ? kid : undefined;
}

/** The `exp` claim (seconds) of a compact JWT, read without verifying anything. */
export function expiryOfToken(token: string): number | undefined {
  const exp = decodeSegment(token.split('.')[1] ?? '')?.exp;
  return typeof exp === 'number' ? exp : undefined;
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Clients send the token raw or as `Bearer <token>` (docs/product.md §6); both are accepted. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const token = /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, '') : trimmed;
  return token.length > 0 && token.length < 8192 ? token : undefined;
}
