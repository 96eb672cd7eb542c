// The trips service's settings (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { commonSettings, loadConfig, portSetting, storeSettings, tokenVerifierSettings } from '@tripcost/shared';

export const tripsConfigSchema = z.object({
  ...commonSettings,
  PORT: portSetting(4002),
  ...storeSettings,
  ...tokenVerifierSettings,
});

export type TripsConfig = z.infer<typeof tripsConfigSchema>;

/** Parse the environment (or test overrides such as PORT=0 and a temp DATA_DIR). */
export function configFrom(env: Record<string, string | undefined> = process.env): TripsConfig {
  return loadConfig(tripsConfigSchema, env);
}
