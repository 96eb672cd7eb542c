// The caller's alerts and alert preferences (docs/product.md §7 "Notifications"). The
// list is polled while a page with the bell is open, so a new alert shows within
// POLL_MS without a reload.
import { api } from '../../lib/api';
import type { Answer, Body } from '../../lib/types';

export type NotificationPage = Answer<'/api/notifications', 'get'>;
export type AlertPreferences = Answer<'/api/notifications/preferences', 'get'>;
export type AlertKind = keyof AlertPreferences['rules'];
export type WebhookCreated = Answer<'/api/notifications/webhook', 'put'>;
export type CalendarFeedStatus = Answer<'/api/notifications/calendar', 'get'>;

/** How often the bell asks for new alerts. */
export const POLL_MS = 5_000;

const TAG = { type: 'Notifications' as const, id: 'LIST' };

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationPage, void>({
      query: () => '/notifications?limit=50',
      providesTags: [TAG],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    markAllNotificationsRead: build.mutation<{ marked: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    getAlertPreferences: build.query<AlertPreferences, void>({
      query: () => '/notifications/preferences',
      providesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    // Channels (issue 42): push, webhook and the calendar feed; each answer changes the preferences' channels.
    getPushKey: build.query<{ public_key: string }, void>({ query: () => '/notifications/push-key' }),
    subscribePush: build.mutation<void, Body<'/api/notifications/push-subscriptions', 'post'>>({
      query: (body) => ({ url: '/notifications/push-subscriptions', method: 'POST', body }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    unsubscribePush: build.mutation<void, { endpoint: string }>({
      query: (body) => ({ url: '/notifications/push-subscriptions', method: 'DELETE', body }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    setWebhook: build.mutation<WebhookCreated, { url: string }>({
      query: (body) => ({ url: '/notifications/webhook', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    removeWebhook: build.mutation<void, void>({
      query: () => ({ url: '/notifications/webhook', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    getCalendarFeed: build.query<CalendarFeedStatus, void>({
      query: () => '/notifications/calendar',
      providesTags: [{ type: 'Notifications', id: 'CALENDAR' }],
    }),
    makeCalendarFeed: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/notifications/calendar', method: 'POST' }),
      invalidatesTags: [{ type: 'Notifications', id: 'CALENDAR' }],
    }),
    revokeCalendarFeed: build.mutation<void, void>({
      query: () => ({ url: '/notifications/calendar', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Notifications', id: 'CALENDAR' }],
    }),
    sendBrowserTimeZone: build.mutation<AlertPreferences, string>({
      query: (time_zone) => ({
        url: '/notifications/preferences/default-time-zone',
        method: 'PUT',
        body: { time_zone },
      }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
    setAlertPreferences: build.mutation<AlertPreferences, Body<'/api/notifications/preferences', 'put'>>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Notifications', id: 'PREFERENCES' }],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetAlertPreferencesQuery,
  useSetAlertPreferencesMutation,
  useLazyGetPushKeyQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  useSetWebhookMutation,
  useRemoveWebhookMutation,
  useGetCalendarFeedQuery,
  useMakeCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
  useSendBrowserTimeZoneMutation,
} = notificationsApi;

/** The browser's IANA time zone, or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
