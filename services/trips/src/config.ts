// The trips service's settings (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import {
  commonSettings,
  loadConfig,
  portSetting,
  storeSettings,
  tokenVerifierSettings,
  urlSetting,
} from '@tripcost/shared';

export const tripsConfigSchema = z.object({
  ...commonSettings,
  PORT: portSetting(4002),
  ...storeSettings,
  ...tokenVerifierSettings,
  /** The integrations service: today's exchange rates for items in another currency than their trip's. */
  INTEGRATIONS_URL: urlSetting('http://127.0.0.1:4004'),
  INTEGRATIONS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
});

export type TripsConfig = z.infer<typeof tripsConfigSchema>;

/** Parse the environment (or test overrides such as PORT=0 and a temp DATA_DIR). */
export function configFrom(env: Record<string, string | undefined> = process.env): TripsConfig {
  return loadConfig(tripsConfigSchema, env);
}
