// The notifications process's configuration: one zod schema over the environment
// (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { loadConfig, storeServiceSettings } from '@tripcost/shared';

export const notificationsConfigSchema = z.object({
  ...storeServiceSettings(4006),
});

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** Parses an environment (process.env by default; tests pass their own). */
export function configFrom(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
