// Password hashing with Argon2id at OWASP's parameters (ADR 0013). Hashes are PHC
// strings (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) that carry their parameters,
// so the policy can change without breaking stored hashes; `needsRehash` tells login
// when to upgrade one (an older policy, or a legacy scrypt hash).
import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Options } from '@node-rs/argon2';
import { serviceUnavailable } from '@tripcost/shared';
import { isScryptHash, parseScryptHash, verifyScrypt } from './legacy-scrypt';
import { QueueFullError, Semaphore } from './semaphore';

/** OWASP Password Storage Cheat Sheet, first Argon2id line: m = 19 MiB, t = 2, p = 1. */
export const OWASP_ARGON2ID = { memoryKiB: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface Argon2Policy {
  memoryKiB: number;
  timeCost: number;
  parallelism: number;
}

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot inline). */
const ARGON2ID = 2;
/** Logins waiting for a hashing slot beyond this are refused rather than queued. */
const MAX_QUEUED_HASHES = 200;
/** A stored hash asking for more than this is refused rather than allowed to take 256 MiB+. */
const MAX_STORED_MEMORY_KIB = 256 * 1024;
const MAX_STORED_TIME_COST = 16;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a malformed stored hash simply does not match. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Burns the same time as a real verification, for logins with an unknown email. */
  verifyAgainstDummy(password: string): Promise<void>;
  /** True for a scrypt hash or an Argon2id hash made with other parameters than the policy's. */
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(options: {
  argon2?: Argon2Policy;
  /** How many hashes may run at once; each holds a libuv thread and `memoryKiB`. */
  concurrency: number;
}): PasswordHasher {
  const policy = options.argon2 ?? OWASP_ARGON2ID;
  const argon2Options: Options = {
    algorithm: ARGON2ID,
    memoryCost: policy.memoryKiB,
    timeCost: policy.timeCost,
    parallelism: policy.parallelism,
  };
  const slots = new Semaphore(options.concurrency, MAX_QUEUED_HASHES);

  /** Every derivation, new or legacy, waits for one of the same bounded slots. */
  const inSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await slots.run(work);
    } catch (error) {
      if (error instanceof QueueFullError)
        throw serviceUnavailable('Too many sign-ins at once. Please try again.', 'busy');
      throw error;
    }
  };

  const hash = (password: string) => inSlot(() => argon2Hash(normalise(password), argon2Options));

  return {
    hash,
    async verify(password, stored) {
      if (isScryptHash(stored)) {
        const legacy = parseScryptHash(stored);
        return legacy ? inSlot(() => verifyScrypt(normalise(password), legacy)) : false;
      }
      if (!withinBounds(stored)) return false;
      return inSlot(() => argon2Verify(stored, normalise(password))).catch(() => false);
    },
    async verifyAgainstDummy(password) {
      // Verifying an Argon2id hash is one derivation at its parameters; so is this.
      await hash(password);
    },
    needsRehash(stored) {
      const parsed = parseArgon2(stored);
      return (
        !parsed ||
        parsed.algorithm !== ARGON2ID ||
        parsed.memoryCost !== policy.memoryKiB ||
        parsed.timeCost !== policy.timeCost ||
        parsed.parallelism !== policy.parallelism
      );
    },
  };
}

/** The same text typed on different keyboards must match. */
const normalise = (password: string) => password.normalize('NFKC');

function parseArgon2(stored: string): ReturnType<typeof parseOptions> | undefined {
  if (!stored.startsWith('$argon2')) return undefined;
  try {
    return parseOptions(stored);
  } catch {
    return undefined;
  }
}

function withinBounds(stored: string): boolean {
  const parsed = parseArgon2(stored);
  return (
    parsed !== undefined &&
    parsed.algorithm === ARGON2ID &&
    parsed.memoryCost <= MAX_STORED_MEMORY_KIB &&
    parsed.timeCost <= MAX_STORED_TIME_COST &&
    parsed.saltLen >= 16 &&
    parsed.outputLen >= 32
  );
}
