// The auth service's settings (docs/architecture.md §7). Auth is the only process that holds
// the token-signing private key. It verifies tokens itself with that key's public
// half plus JWT_EXTRA_PUBLIC_KEYS, and publishes the same set as its JWKS.
import { z } from 'zod';
import {
  commonSettings,
  keyIdOf,
  loadConfig,
  portSetting,
  storeSettings,
  publicKeysSetting,
  signingKeySetting,
  urlSetting,
} from '@tripcost/shared';
import { OWASP_ARGON2ID } from './domain/passwords';

/** OWASP's Argon2id memory (19 MiB) is the default and the production minimum. */
export const DEFAULT_ARGON2_MEMORY_KIB = OWASP_ARGON2ID.memoryKiB;

export const authConfigSchema = z
  .object({
    ...commonSettings,
    PORT: portSetting(4001),
    ...storeSettings,
    /** Signs every new access token; its public half is published and trusted. */
    JWT_PRIVATE_KEY: signingKeySetting('JWT_PRIVATE_KEY'),
    /** Optional here (derived from the private key); when set it must be the same pair's. */
    JWT_PUBLIC_KEY: publicKeysSetting('JWT_PUBLIC_KEY'),
    /**
     * Public keys published and trusted besides the signing key's, never used to sign:
     * the previous key after a rotation (its tokens still pass), or the next one before it.
     */
    JWT_EXTRA_PUBLIC_KEYS: publicKeysSetting('JWT_EXTRA_PUBLIC_KEYS'),
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
    /** Where "download my data" gathers the caller's trips, wishlists, notifications and import drafts (with the caller's token). */
    TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
    WISHLISTS_URL: urlSetting('http://127.0.0.1:4003'),
    NOTIFICATIONS_URL: urlSetting('http://127.0.0.1:4006'),
    IMPORTS_URL: urlSetting('http://127.0.0.1:4005'),
    EXPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .superRefine((config, ctx) => {
    const signing = config.JWT_PRIVATE_KEY.kid;
    if (config.JWT_PUBLIC_KEY.some((key) => keyIdOf(key) !== signing)) {
      // A half-done rotation (a new private key beside the old public key) stops here, not in production.
      ctx.addIssue({ code: 'custom', path: ['JWT_PUBLIC_KEY'], message: 'is not the public half of JWT_PRIVATE_KEY' });
    }
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
