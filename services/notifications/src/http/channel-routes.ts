// The channel routes (issue 42, ADR 0079): Web Push subscriptions, the webhook and the
// calendar feed. Each is the caller's own (the token's user, never a parameter); the one
// route without a login is the feed itself, whose token in the path is the secret.
import type { Request } from 'express';
import { z } from 'zod';
import { defineRoute, describeRoutes, type RouteContext } from '@tripcost/shared';
import type { CalendarFeed } from '../domain/calendar';
import type { Channels } from '../domain/channels/channels';
import type { Notifications } from '../domain/notifications';
import { notificationRoutes } from './routes';

const tags = ['notifications'];
const base64url = (what: string, max: number) =>
  z
    .string({ message: `${what} must be text.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${what} must be base64url.` })
    .min(16, { message: `${what} is too short.` })
    .max(max, { message: `${what} is too long.` });
const endpointSchema = z
  .string({ message: 'endpoint must be the push service URL.' })
  .min(1, { message: 'endpoint must be the push service URL.' })
  .max(2048, { message: 'endpoint must be at most 2048 characters.' });

const subscriptionBody = z
  .object({
    endpoint: endpointSchema,
    // PushSubscription.toJSON() also gives expirationTime; it is not needed to send.
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object(
        { p256dh: base64url('keys.p256dh', 128), auth: base64url('keys.auth', 64) },
        { message: 'keys must hold p256dh and auth.' },
      )
      .strict(),
  })
  .strict();
const unsubscribeBody = z.object({ endpoint: endpointSchema }).strict();
const webhookBody = z
  .object({
    url: z
      .string({ message: 'url must be the webhook’s https:// address.' })
      .min(1, { message: 'url must be the webhook’s https:// address.' })
      .max(2048, { message: 'url must be at most 2048 characters.' }),
  })
  .strict();
// Any token that names no feed is 404, a malformed one too (calendar.feed checks its shape).
const feedParams = z.object({ token: z.string() });

const pushKeyAnswer = z
  .object({ public_key: z.string().describe('the VAPID public key (base64url) for PushManager.subscribe') })
  .meta({ id: 'PushKey' });
const webhookAnswer = z
  .object({
    url: z.string(),
    secret: z
      .string()
      .describe('shown only in this answer: the key of X-TripCost-Signature (HMAC-SHA256 of the raw body)'),
  })
  .meta({ id: 'WebhookCreated' });
const calendarStatusAnswer = z
  .object({
    active: z.boolean().describe('whether the caller has a feed (its link is shown only when made)'),
    created_at: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
const calendarAnswer = z
  .object({ url: z.string().describe('the feed’s private address (https); calendar apps take it as webcal://') })
  .meta({ id: 'CalendarFeedLink' });

/** The address people reach the app at, as the gateway was asked (its forwarded headers), else PUBLIC_BASE_URL. */
function origin(req: Request, publicUrl: string): string {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const host = first(req.headers['x-forwarded-host']);
  const proto = first(req.headers['x-forwarded-proto']);
  if (host && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) && (proto === 'http' || proto === 'https'))
    return `${proto}://${host}`;
  return publicUrl.replace(/\/+$/, '');
}

function pushRoutes(ctx: RouteContext, channels: Channels): void {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/notifications/push-key',
    summary: 'The key browsers subscribe to this server’s Web Push messages with',
    tags,
    auth: 'required',
    responses: {
      200: { description: 'The VAPID public key', schema: pushKeyAnswer },
      503: 'Web Push is not available',
    },
    handler: () => ({ body: { public_key: channels.pushKey() } }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/notifications/push-subscriptions',
    summary: 'Sends the caller’s alerts to this browser by Web Push (and turns push on)',
    tags,
    auth: 'required',
    body: subscriptionBody,
    responses: {
      204: 'Subscribed',
      400: 'Invalid, or an endpoint that is not a public https:// address',
      503: 'Web Push is not available',
    },
    handler: async ({ user, body }) => {
      await channels.subscribePush(user!.id, { endpoint: body.endpoint, keys: body.keys });
      return { status: 204 };
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/notifications/push-subscriptions',
    summary: 'Stops sending to this browser (push turns off with the last one)',
    tags,
    auth: 'required',
    body: unsubscribeBody,
    responses: { 204: 'Unsubscribed', 404: 'No such subscription of the caller' },
    handler: async ({ user, body }) => {
      await channels.unsubscribePush(user!.id, body.endpoint);
      return { status: 204 };
    },
  });
}

function webhookRoutes(ctx: RouteContext, channels: Channels): void {
  defineRoute(ctx, {
    method: 'put',
    path: '/api/notifications/webhook',
    summary: 'Sets the caller’s webhook (a new secret each time; turns the webhook on)',
    tags,
    auth: 'required',
    body: webhookBody,
    responses: {
      200: { description: 'The webhook and its secret, shown this once', schema: webhookAnswer },
      400: 'Invalid, or not a public https:// address',
    },
    handler: async ({ user, body }) => ({ body: await channels.setWebhook(user!.id, body.url) }),
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/notifications/webhook',
    summary: 'Removes the caller’s webhook',
    tags,
    auth: 'required',
    responses: { 204: 'Removed', 404: 'The caller has no webhook' },
    handler: async ({ user }) => {
      await channels.removeWebhook(user!.id);
      return { status: 204 };
    },
  });
}

function calendarRoutes(ctx: RouteContext, calendar: CalendarFeed, publicUrl: string): void {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/notifications/calendar',
    summary: 'Whether the caller has a calendar feed (not its link: only its hash is kept)',
    tags,
    auth: 'required',
    responses: { 200: { description: 'The feed’s state', schema: calendarStatusAnswer } },
    handler: async ({ user }) => ({ body: await calendar.status(user!.id) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/notifications/calendar',
    summary: 'Makes the caller’s calendar feed, or a new link for it (the old link stops working)',
    tags,
    auth: 'required',
    responses: { 200: { description: 'The feed’s private address', schema: calendarAnswer } },
    handler: async ({ user, req }) => {
      const { token } = await calendar.renew(user!.id);
      return { body: { url: `${origin(req, publicUrl)}/api/notifications/calendar/${token}.ics` } };
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/notifications/calendar',
    summary: 'Revokes the caller’s calendar feed',
    tags,
    auth: 'required',
    responses: { 204: 'Revoked', 404: 'The caller has no feed' },
    handler: async ({ user }) => {
      await calendar.revoke(user!.id);
      return { status: 204 };
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/notifications/calendar/:token.ics',
    summary: 'A calendar feed (no login: the token is the secret): committed windows as all-day events',
    tags,
    auth: 'none',
    params: feedParams,
    responses: { 200: 'text/calendar', 404: 'No such feed (revoked or renewed)' },
    handler: async ({ params, res }) => {
      const body = await calendar.feed(params.token);
      res
        .status(200)
        .set({
          'content-type': 'text/calendar; charset=utf-8',
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
          'x-robots-tag': 'noindex',
        })
        .send(body);
    },
  });
}

export function channelRoutes(channels: Channels, calendar: CalendarFeed, publicUrl: string) {
  return (ctx: RouteContext) => {
    pushRoutes(ctx, channels);
    webhookRoutes(ctx, channels);
    calendarRoutes(ctx, calendar, publicUrl);
  };
}

/** Every route of the service: the alerts' and the channels'. */
export function allRoutes(
  notifications: Notifications,
  channels: Channels,
  calendar: CalendarFeed,
  publicUrl: string,
): (ctx: RouteContext) => void {
  const own = notificationRoutes(notifications);
  const mine = channelRoutes(channels, calendar, publicUrl);
  return (ctx) => {
    // The channels' fixed paths first: none may be read as a notification id.
    mine(ctx);
    own(ctx);
  };
}

export const apiDocument = (): object =>
  describeRoutes(
    'notifications',
    allRoutes({} as Notifications, {} as Channels, {} as CalendarFeed, 'http://localhost:8080'),
  );
