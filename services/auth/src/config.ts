// The auth service's settings (DESIGN.md §7). Auth is the only process that holds
// the token-signing private key; it also verifies tokens with the public key.
import { z } from 'zod';
import {
  commonSettings,
  dataDirSetting,
  loadConfig,
  mongoUrlSetting,
  pemSetting,
  portSetting,
  urlSetting,
} from '@tripcost/shared';

/** OWASP's scrypt floor (N=2^15, r=8, p=1) is the default and the production minimum. */
export const DEFAULT_SCRYPT_LOG2_COST = 15;

export const authConfigSchema = z
  .object({
    ...commonSettings,
    PORT: portSetting(4001),
    DATA_DIR: dataDirSetting,
    MONGO_URL: mongoUrlSetting,
    JWT_PRIVATE_KEY: pemSetting('JWT_PRIVATE_KEY'),
    JWT_PUBLIC_KEY: pemSetting('JWT_PUBLIC_KEY'),
    /** log2 of scrypt's N. Lower values exist only so test suites stay fast. */
    PASSWORD_SCRYPT_LOG2_COST: z.coerce.number().int().min(10).max(20).default(DEFAULT_SCRYPT_LOG2_COST),
    /** How many password hashes may run at once (each holds a libuv thread and 32 MiB). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Absolute lifetime of a login session (refresh-token family). */
    REFRESH_SESSION_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** How long a just-rotated refresh token still yields access tokens (two tabs refreshing at once). */
    REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /** Where "download my data" gathers the caller's trips and wishlists (with the caller's token). */
    TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
    WISHLISTS_URL: urlSetting('http://127.0.0.1:4003'),
    EXPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.PASSWORD_SCRYPT_LOG2_COST < DEFAULT_SCRYPT_LOG2_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SCRYPT_LOG2_COST'],
        message: `must be at least ${DEFAULT_SCRYPT_LOG2_COST} in production`,
      });
    }
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;

export function configFrom(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
