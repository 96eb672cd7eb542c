// The test run's surroundings: unique names, temporary data dirs, the test Redis and
// a silent logger (imported by the kit's other test helpers and, through index.ts, by tests).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logger';

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

export function tempDataDir(prefix = 'tripcost-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const testRedisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A unique BullMQ prefix per test file keeps parallel test files' queues apart. */
export const testQueuePrefix = () => `test-${uniqueSuffix()}`;

export const silentLogger = () => createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
