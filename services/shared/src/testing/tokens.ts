// Test keys and tokens: a throwaway RS256 key pair, real signed tokens for test users,
// and hand-made ones for the "bad token" cases.
import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { signingKeyFrom, type SigningKey } from '../auth/keys';
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER, type AuthUser } from '../auth/tokens';
import { newId } from '../store/ids';
import { uniqueSuffix } from './environment';

let keys: { privateKey: string; publicKey: string } | undefined;
let signingKey: SigningKey | undefined;

/** A fresh RS256 key pair as PEM text (rotation tests need more than one). */
export function newKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** The one key pair every test signs and verifies with, unless it rotates keys. */
export function testKeys(): { privateKey: string; publicKey: string } {
  keys ??= newKeyPair();
  return keys;
}

export function testSigningKey(): SigningKey {
  signingKey ??= signingKeyFrom(testKeys().privateKey);
  return signingKey;
}

export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { id: newId(), email: `user-${uniqueSuffix()}@example.test`, role: 0, ...overrides };
}

export function tokenFor(user: AuthUser, ttlSeconds?: number, key: SigningKey = testSigningKey()): string {
  return signAccessToken(key, user, ttlSeconds);
}

/**
 * A token signed with any claims and options, for the "bad token" cases. Its header
 * names the test key's id unless `keyid` says otherwise, so a token signed with
 * another key claims to be the trusted one.
 */
export function craftToken(claims: object, options: jwt.SignOptions & { key?: string } = {}): string {
  const { key, ...signOptions } = options;
  return jwt.sign(claims, key ?? testKeys().privateKey, {
    algorithm: 'RS256',
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    keyid: testSigningKey().kid,
    ...signOptions,
  });
}
