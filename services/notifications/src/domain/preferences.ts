// Each person's alert preferences (issue 42): the defaults, and what may be stored. A PUT
// may send any part; the parts are merged over what is stored and the whole result is
// checked here, so nothing invalid is ever kept, whatever the body left out.
import { badRequest } from '@tripcost/shared';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind, type StoredPreferences } from './notification-store';

export const STALE_DAYS = { default: 14, min: 1, max: 365 } as const;

export type Preferences = Omit<StoredPreferences, '_id' | 'updated_at' | 'time_zone_set'>;

/** Every rule on, prices stale after 14 days, UTC until the browser says its zone, in-app only. */
export function defaultPreferences(): Preferences {
  return {
    rules: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<NotificationKind, boolean>,
    stale_days: STALE_DAYS.default,
    time_zone: 'UTC',
    quiet_hours: null,
    digest: false,
    channels: { in_app: true, push: false, webhook: false },
  };
}

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length <= 64;
  } catch {
    return false;
  }
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Quiet hours are times as HH:MM.' });

const rulesSchema = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, z.boolean({ message: `rules.${kind} must be true or false.` })]),
    ),
  )
  .strict();

/** A whole set of preferences, as it will be stored. */
export const preferencesSchema = z
  .object({
    rules: rulesSchema,
    stale_days: z
      .number({ message: 'stale_days must be a number of days.' })
      .int({ message: 'stale_days must be a whole number of days.' })
      .min(STALE_DAYS.min, { message: `stale_days must be at least ${STALE_DAYS.min}.` })
      .max(STALE_DAYS.max, { message: `stale_days must be at most ${STALE_DAYS.max}.` }),
    time_zone: z.string({ message: 'time_zone must be a time zone name.' }).refine(isTimeZone, {
      message: 'time_zone must be an IANA time zone such as Europe/Lisbon.',
    }),
    quiet_hours: z
      .object({ from: clock, to: clock })
      .strict()
      .refine((hours) => hours.from !== hours.to, { message: 'Quiet hours must start and end at different times.' })
      .nullable(),
    digest: z.boolean({ message: 'digest must be true or false.' }),
    channels: z
      .object({
        in_app: z.boolean({ message: 'channels.in_app must be true or false.' }),
        push: z.boolean({ message: 'channels.push must be true or false.' }),
        webhook: z.boolean({ message: 'channels.webhook must be true or false.' }),
      })
      .strict(),
  })
  .strict();

/** A change: any top-level part; `rules` and `channels` may name only some of their keys. */
export const preferencesChangeSchema = z
  .object({
    rules: z.record(z.string(), z.unknown()).optional(),
    stale_days: z.unknown().optional(),
    time_zone: z.unknown().optional(),
    quiet_hours: z.unknown().optional(),
    digest: z.unknown().optional(),
    channels: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type PreferencesChange = z.infer<typeof preferencesChangeSchema>;

/** Channels that need setting up first (issue 42: push and webhook are off until set up). */
const NOT_SET_UP = {
  push: 'Web Push is not set up on this account yet.',
  webhook: 'No webhook is set up on this account yet.',
};

/**
 * `current` with `change` merged over it, checked as a whole; 400 with the first problem.
 * Push and webhook may be turned on only when `setUp` says they have somewhere to send.
 */
export function changedPreferences(
  current: Preferences,
  change: PreferencesChange,
  setUp: { push: boolean; webhook: boolean } = { push: false, webhook: false },
): Preferences {
  const merged = {
    ...current,
    ...change,
    rules: { ...current.rules, ...change.rules },
    channels: { ...current.channels, ...change.channels },
  };
  const parsed = preferencesSchema.safeParse(merged);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid preferences.');
  const next = parsed.data as Preferences;
  for (const channel of ['push', 'webhook'] as const) {
    if (next.channels[channel] && !current.channels[channel] && !setUp[channel]) throw badRequest(NOT_SET_UP[channel]);
  }
  return next;
}
