// The imports process's configuration: one zod schema over the environment
// (docs/architecture.md §7), parsed once at start-up. No store: drafts live in Redis.
import { z } from 'zod';
import {
  calleeTimeoutSetting,
  commonSettings,
  loadConfig,
  portSetting,
  tokenVerifierSettings,
  urlSetting,
} from '@tripcost/shared';

export const importsConfigSchema = z.object({
  ...commonSettings,
  PORT: portSetting(4005),
  ...tokenVerifierSettings,
  /** The trips service: apply adds cost items there as the caller. */
  TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
  TRIPS_TIMEOUT_MS: calleeTimeoutSetting(),
});

export type ImportsConfig = z.infer<typeof importsConfigSchema>;

export function configFrom(env: Record<string, string | undefined> = process.env): ImportsConfig {
  return loadConfig(importsConfigSchema, env);
}
