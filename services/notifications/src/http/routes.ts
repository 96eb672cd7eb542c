// The notifications routes (issue 42): the caller's in-app list, marking read, the
// preferences, and what the account export gathers. Every route is the caller's own:
// the user is the token's, never a parameter, so nobody can read another's alerts.
import { z } from 'zod';
import { defineRoute, describeRoutes, objectIdSchema, queryIntegerSchema, type RouteContext } from '@tripcost/shared';
import { PAGE, type Notifications } from '../domain/notifications';
import { preferencesChangeSchema } from '../domain/preferences';
import { exportAnswer, notificationPageAnswer, preferencesAnswer, readAllAnswer } from './answers';

const listQuery = z.object({
  unread: z.enum(['true', 'false'], { message: 'unread must be true or false.' }).optional(),
  before: objectIdSchema('before').optional(),
  limit: queryIntegerSchema(`limit must be a whole number from 1 to ${PAGE.max}.`, 1, PAGE.max).optional(),
});
const defaultTimeZoneBody = z
  .object({ time_zone: z.string({ message: 'time_zone must be a time zone name.' }).max(64) })
  .strict();
const idParams = z.object({ id: objectIdSchema('notification id') });
const tags = ['notifications'];

export function notificationRoutes(notifications: Notifications) {
  return (ctx: RouteContext) => {
    defineRoute(ctx, {
      method: 'get',
      path: '/api/notifications',
      summary: 'The caller’s notifications, newest first, paged',
      tags,
      auth: 'required',
      query: listQuery,
      responses: { 200: { description: 'A page of notifications', schema: notificationPageAnswer } },
      handler: async ({ user, query }) => {
        const limit = query.limit ?? PAGE.default;
        const unread = query.unread === undefined ? undefined : query.unread === 'true';
        const page = await notifications.list(user!.id, { unread, before: query.before, limit });
        const last = page.items.at(-1);
        return { body: { ...page, next_before: page.items.length === limit && last ? last._id : null } };
      },
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/notifications/read-all',
      summary: 'Marks every notification of the caller read',
      tags,
      auth: 'required',
      responses: { 200: { description: 'How many were unread', schema: readAllAnswer } },
      handler: async ({ user }) => ({ body: { marked: await notifications.markAllRead(user!.id) } }),
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/notifications/:id/read',
      summary: 'Marks one of the caller’s notifications read',
      tags,
      auth: 'required',
      params: idParams,
      responses: { 204: 'Marked read', 404: 'No such notification of the caller' },
      handler: async ({ user, params }) => {
        await notifications.markRead(user!.id, params.id);
        return { status: 204 };
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/notifications/preferences',
      summary: 'The caller’s alert preferences (defaults until changed)',
      tags,
      auth: 'required',
      responses: { 200: { description: 'The preferences', schema: preferencesAnswer } },
      handler: async ({ user }) => ({ body: await notifications.preferences(user!.id) }),
    });

    defineRoute(ctx, {
      method: 'put',
      path: '/api/notifications/preferences',
      summary: 'Changes the caller’s alert preferences: any part; the result is checked whole',
      tags,
      auth: 'required',
      body: preferencesChangeSchema,
      responses: { 200: { description: 'The preferences as stored', schema: preferencesAnswer }, 400: 'Invalid' },
      handler: async ({ user, body }) => ({ body: await notifications.changePreferences(user!.id, body) }),
    });

    defineRoute(ctx, {
      method: 'put',
      path: '/api/notifications/preferences/default-time-zone',
      summary:
        'The browser’s time zone as the caller’s, unless one was set already (the web app sends it on a first visit)',
      tags,
      auth: 'required',
      body: defaultTimeZoneBody,
      responses: { 200: { description: 'The preferences as stored', schema: preferencesAnswer }, 400: 'Invalid' },
      handler: async ({ user, body }) => ({ body: await notifications.defaultTimeZone(user!.id, body.time_zone) }),
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/notifications/export',
      summary: 'Everything kept of the caller (the account export gathers it)',
      tags,
      auth: 'required',
      responses: { 200: { description: 'The caller’s notifications and preferences', schema: exportAnswer } },
      handler: async ({ user }) => ({ body: await notifications.exportOf(user!.id) }),
    });
  };
}

export const apiDocument = (): object => describeRoutes('notifications', notificationRoutes({} as Notifications));
