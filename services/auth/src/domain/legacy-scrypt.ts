// Verification of the scrypt hashes stored before Argon2id became the password hash
// (ADR 0013). Nothing new is ever hashed with scrypt: a successful login re-hashes
// the password with Argon2id, so these strings disappear as their owners log in.
// Stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url).
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_BYTES = 32;
const MIN_SALT_BYTES = 16;
/** A stored string asking for more than this is refused rather than allowed to take 1 GiB+. */
const MAX_STORED_COST = 2 ** 20;

export interface ScryptHash {
  cost: number;
  blockSize: number;
  parallelization: number;
  salt: Buffer;
  key: Buffer;
}

export const isScryptHash = (stored: string): boolean => stored.startsWith('scrypt$');

/** The parts of a stored scrypt hash, or undefined when it is malformed or out of bounds. */
export function parseScryptHash(stored: string): ScryptHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [cost, blockSize, parallelization] = parts.slice(1, 4).map(Number);
  const powerOfTwo = Number.isInteger(cost) && cost > 1 && cost <= MAX_STORED_COST && (cost & (cost - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(blockSize) || blockSize < 1 || blockSize > 32) return undefined;
  if (!Number.isInteger(parallelization) || parallelization < 1 || parallelization > 16) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < MIN_SALT_BYTES || key.length < KEY_BYTES) return undefined;
  return { cost, blockSize, parallelization, salt, key };
}

/** Derives with the stored parameters and compares in constant time. */
export async function verifyScrypt(password: string, hash: ScryptHash): Promise<boolean> {
  const options: ScryptOptions = {
    cost: hash.cost,
    blockSize: hash.blockSize,
    parallelization: hash.parallelization,
    // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly N=2^15, r=8.
    maxmem: 256 * hash.cost * hash.blockSize,
  };
  const key = await new Promise<Buffer>((resolve, reject) => {
    scrypt(password, hash.salt, hash.key.length, options, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });
  return timingSafeEqual(key, hash.key);
}
