// The wishlists process's configuration: one zod schema over the environment
// (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { calleeTimeoutSetting, loadConfig, storeServiceSettings, urlSetting } from '@tripcost/shared';

export const wishlistsConfigSchema = z.object({
  ...storeServiceSettings(4003),
  /** The trips service, asked whether the caller owns a trip before it is added. */
  TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
  TRIPS_TIMEOUT_MS: calleeTimeoutSetting(),
});

export type WishlistsConfig = z.infer<typeof wishlistsConfigSchema>;

/** Parses an environment (process.env by default; tests pass their own). */
export function configFrom(env: Record<string, string | undefined> = process.env): WishlistsConfig {
  return loadConfig(wishlistsConfigSchema, env);
}
