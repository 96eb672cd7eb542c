// The notifications process's configuration: one zod schema over the environment
// (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { calleeTimeoutSetting, loadConfig, storeServiceSettings, urlSetting } from '@tripcost/shared';

export const notificationsConfigSchema = z.object({
  ...storeServiceSettings(4006),
  /** The trips service: what the calendar feed shows of each trip the user can see (issue 42, to come). */
  TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
  TRIPS_TIMEOUT_MS: calleeTimeoutSetting(),
});

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** Parses an environment (process.env by default; tests pass their own). */
export function configFrom(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
