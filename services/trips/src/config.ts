// The trips service's settings (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { calleeTimeoutSetting, loadConfig, storeServiceSettings, urlSetting } from '@tripcost/shared';

export const tripsConfigSchema = z.object({
  ...storeServiceSettings(4002),
  /** The integrations service: today's exchange rates for items in another currency than their trip's. */
  INTEGRATIONS_URL: urlSetting('http://127.0.0.1:4004'),
  INTEGRATIONS_TIMEOUT_MS: calleeTimeoutSetting(),
  /** Where the web app is reached: invitation links point into it (`${PUBLIC_BASE_URL}/join/<token>`). */
  PUBLIC_BASE_URL: urlSetting('http://localhost:8080'),
  /** Invitation links that name nothing, per user per 15 minutes, before token look-ups answer 429. */
  INVITE_GUESSES_PER_15_MIN: z.coerce.number().int().min(1).max(10_000).default(20),
  /** A live-update stream sends a heartbeat comment this often, so idle proxies keep it open. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(25_000),
  /** How often the bin purge job removes what was deleted more than 30 days ago (hourly by default). */
  BIN_PURGE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
});

export type TripsConfig = z.infer<typeof tripsConfigSchema>;

/** Parse the environment (or test overrides such as PORT=0 and a temp DATA_DIR). */
export function configFrom(env: Record<string, string | undefined> = process.env): TripsConfig {
  return loadConfig(tripsConfigSchema, env);
}
