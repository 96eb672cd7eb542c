// The notifications process's configuration: one zod schema over the environment
// (docs/architecture.md §7), parsed once at start-up.
import { z } from 'zod';
import { booleanSetting, calleeTimeoutSetting, loadConfig, storeServiceSettings, urlSetting } from '@tripcost/shared';

export const notificationsConfigSchema = z
  .object({
    ...storeServiceSettings(4006),
    /** The trips service: what the calendar feed shows of each trip the user can see (issue 42, to come). */
    TRIPS_URL: urlSetting('http://127.0.0.1:4002'),
    TRIPS_TIMEOUT_MS: calleeTimeoutSetting(),
    /** Where people open the app: links in push and webhook messages and the calendar feed's address. */
    PUBLIC_BASE_URL: urlSetting('http://localhost:8080'),
    /**
     * The VAPID key pair Web Push messages are signed with (base64url, as web-push makes
     * them): made on first run by `npm start`, from a Secret in the chart. Without them
     * Web Push is off (the other channels work).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a base64url P-256 public key' })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a base64url P-256 private key' })
      .optional(),
    /** Who push services may contact about this sender (a mailto: or https: URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { message: 'must be a mailto: or https: URL' })
      .default('mailto:alerts@tripcost.example'),
    /**
     * Lets webhooks and push endpoints be loopback addresses over plain http:// (tests and
     * local set-ups only; never private, link-local or metadata addresses).
     */
    WEBHOOK_ALLOW_LOOPBACK: booleanSetting(false),
    /** How many times one message is tried on a channel before it counts as failed. */
    DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** The first retry's wait, doubled each time (30 s, 1 min, 2 min, 4 min by default). */
    DELIVERY_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /** A webhook is switched off after this many messages in a row failed every attempt. */
    WEBHOOK_FAILURES_TO_SWITCH_OFF: z.coerce.number().int().min(1).max(100).default(3),
  })
  .refine((config) => (config.VAPID_PUBLIC_KEY === undefined) === (config.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come together',
    path: ['VAPID_PRIVATE_KEY'],
  });

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** Parses an environment (process.env by default; tests pass their own). */
export function configFrom(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
