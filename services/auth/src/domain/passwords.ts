// Password hashing with Node's built-in scrypt (ADR 0005). Hashes are stored as
// `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old
// hashes; `needsRehash` tells login when to upgrade one.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serviceUnavailable } from '@tripcost/shared';
import { QueueFullError, Semaphore } from './semaphore';

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** Logins waiting for a hashing slot beyond this are refused rather than queued. */
const MAX_QUEUED_HASHES = 200;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a malformed stored hash simply does not match. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Burns the same time as a real verification, for logins with an unknown email. */
  verifyAgainstDummy(password: string): Promise<void>;
  needsRehash(stored: string): boolean;
}

interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

export function createPasswordHasher(options: { log2Cost: number; concurrency: number }): PasswordHasher {
  const current: ScryptParams = { cost: 2 ** options.log2Cost, blockSize: BLOCK_SIZE, parallelization: PARALLELISM };
  const slots = new Semaphore(options.concurrency, MAX_QUEUED_HASHES);

  const derive = async (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> => {
    try {
      return await slots.run(() => scryptAsync(password, salt, params));
    } catch (error) {
      if (error instanceof QueueFullError)
        throw serviceUnavailable('Too many sign-ins at once. Please try again.', 'busy');
      throw error;
    }
  };

  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, current);
    return format(current, salt, key);
  };

  const verify = async (password: string, stored: string): Promise<boolean> => {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.params);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  };

  return {
    hash,
    verify,
    async verifyAgainstDummy(password) {
      // Same work as verifying a current-parameter hash: one derivation, result unused.
      await derive(password, randomBytes(SALT_BYTES), current);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed ||
        parsed.params.cost < current.cost ||
        parsed.params.blockSize < current.blockSize ||
        parsed.params.parallelization < current.parallelization
      );
    },
  };
}

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    ...params,
    // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly N=2^15, r=8.
    maxmem: 256 * params.cost * params.blockSize,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return [
    'scrypt',
    params.cost,
    params.blockSize,
    params.parallelization,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

const MAX_STORED_COST = 2 ** 20;

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [cost, blockSize, parallelization] = parts.slice(1, 4).map(Number);
  const powerOfTwo = Number.isInteger(cost) && cost > 1 && cost <= MAX_STORED_COST && (cost & (cost - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(blockSize) || blockSize < 1 || blockSize > 32) return undefined;
  if (!Number.isInteger(parallelization) || parallelization < 1 || parallelization > 16) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < SALT_BYTES || key.length < KEY_BYTES) return undefined;
  return { params: { cost, blockSize, parallelization }, salt, key };
}
