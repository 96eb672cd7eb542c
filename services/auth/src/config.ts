// The auth service's settings (DESIGN.md §7). Auth is the only process that holds
// the token-signing private key; it also verifies tokens with the public key.
import { z } from 'zod';
import { commonSettings, dataDirSetting, loadConfig, mongoUrlSetting, pemSetting, portSetting } from '@tripcost/shared';
import { OWASP_ARGON2ID } from './domain/passwords';

/** OWASP's Argon2id memory (19 MiB) is the default and the production minimum. */
export const DEFAULT_ARGON2_MEMORY_KIB = OWASP_ARGON2ID.memoryKiB;

export const authConfigSchema = z
  .object({
    ...commonSettings,
    PORT: portSetting(4001),
    DATA_DIR: dataDirSetting,
    MONGO_URL: mongoUrlSetting,
    JWT_PRIVATE_KEY: pemSetting('JWT_PRIVATE_KEY'),
    JWT_PUBLIC_KEY: pemSetting('JWT_PUBLIC_KEY'),
    /** Argon2id memory in KiB. Lower values exist only so test suites stay fast. */
    PASSWORD_ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024)
      .default(DEFAULT_ARGON2_MEMORY_KIB),
    /** How many password hashes may run at once (each holds a libuv thread and its memory). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Absolute lifetime of a login session (refresh-token family). */
    REFRESH_SESSION_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** How long a just-rotated refresh token still yields access tokens (two tabs refreshing at once). */
    REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.PASSWORD_ARGON2_MEMORY_KIB < DEFAULT_ARGON2_MEMORY_KIB) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_ARGON2_MEMORY_KIB'],
        message: `must be at least ${DEFAULT_ARGON2_MEMORY_KIB} in production`,
      });
    }
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;

export function configFrom(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
