// Test support shared by every workspace: a throwaway RS256 key pair, real signed
// tokens, unique data, temporary data dirs, and MongoDB discovery for the store
// contract suites. Imported only by tests.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER, type AuthUser } from '../auth/tokens';
import { createLogger } from '../logger';
import { newId } from '../store/ids';

let keys: { privateKey: string; publicKey: string } | undefined;

export function testKeys(): { privateKey: string; publicKey: string } {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return keys;
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { id: newId(), email: `user-${uniqueSuffix()}@example.test`, role: 0, ...overrides };
}

export function tokenFor(user: AuthUser, ttlSeconds?: number): string {
  return signAccessToken(testKeys().privateKey, user, ttlSeconds);
}

/** A token signed with any claims and options, for the "bad token" cases. */
export function craftToken(claims: object, options: jwt.SignOptions & { key?: string } = {}): string {
  const { key, ...signOptions } = options;
  return jwt.sign(claims, key ?? testKeys().privateKey, {
    algorithm: 'RS256',
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    ...signOptions,
  });
}

export function tempDataDir(prefix = 'tripcost-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const testRedisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A unique BullMQ prefix per test file keeps parallel test files' queues apart. */
export const testQueuePrefix = () => `test-${uniqueSuffix()}`;

export const silentLogger = () => createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

export { mongoForTests, mongoLikelyAvailable } from './mongo';
export { clockPast, eventually, settlesWithin, type EventuallyOptions } from './wait';
export type { AuthUser } from '../auth/tokens';
export {
  startFakeUpstream,
  closedPortUrl,
  type FakeAnswer,
  type FakeHandler,
  type FakeUpstream,
  type RecordedCall,
} from './fake-upstream';
export { bootService, testServiceEnv } from './boot';
