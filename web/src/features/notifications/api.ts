// The caller's alerts and alert preferences (docs/product.md §7 "Notifications"). The
// list is polled while a page with the bell is open, so a new alert shows within
// POLL_MS without a reload.
import { api } from '../../lib/api';
import type { Answer, Body } from '../../lib/types';

export type NotificationPage = Answer<'/api/notifications', 'get'>;
export type AlertPreferences = Answer<'/api/notifications/preferences', 'get'>;
export type AlertKind = keyof AlertPreferences['rules'];

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
