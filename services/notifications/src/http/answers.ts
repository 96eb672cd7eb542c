// What the notifications API answers, as zod schemas that document the responses (the
// web app's API types are generated from them).
import { z } from 'zod';
import { NOTICE_KINDS, NOTIFICATION_KINDS } from '../domain/notification-store';
import { preferencesSchema } from '../domain/preferences';

export const notificationAnswer = z
  .object({
    _id: z.string(),
    kind: z
      .enum([...NOTIFICATION_KINDS, ...NOTICE_KINDS])
      .describe('`channel`: about the reader’s own push or webhook'),
    trip_id: z.string(),
    instance_id: z.string().optional().describe('the window the alert is about, when it is about one'),
    title: z.string(),
    body: z.string().describe('without any amount when the reader may not see the trip’s costs'),
    created_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

export const notificationPageAnswer = z
  .object({
    items: z.array(notificationAnswer).describe('newest first'),
    unread: z.number().int().describe('how many of the caller’s notifications are unread'),
    next_before: z.string().nullable().describe('pass as `before` for the next, older page; null on the last'),
  })
  .meta({ id: 'NotificationPage' });

export const preferencesAnswer = preferencesSchema.meta({ id: 'NotificationPreferences' });

export const readAllAnswer = z.object({ marked: z.number().int() }).meta({ id: 'NotificationsMarked' });

/** What is kept of the caller's channels (ADR 0079): no push keys and no webhook secret, which are credentials. */
const channelsExport = z.object({
  push_subscriptions: z.array(z.object({ endpoint: z.string(), created_at: z.string() })),
  webhook: z.object({ url: z.string(), created_at: z.string(), switched_off_at: z.string().nullable() }).nullable(),
  calendar_feed: z.object({ created_at: z.string() }).nullable(),
});

export const exportAnswer = z
  .object({
    notifications: z.array(notificationAnswer),
    preferences: preferencesAnswer,
    channels: channelsExport.optional().describe('push subscriptions, webhook and calendar feed'),
  })
  .meta({ id: 'NotificationsExport' });
