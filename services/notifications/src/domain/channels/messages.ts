// What a push or webhook message says (issue 42): the notification as its reader may read
// it now (no amount for a viewer with hidden costs), a link to the window, the stable id a
// receiver drops repeats by, and a way to turn the channel off — in every message.
import type { NotificationView } from '../notifications';

export interface ChannelMessage {
  /** Stable across retries and redeliveries of the same alert (X-TripCost-Notification-Id). */
  id: string;
  kind: NotificationView['kind'];
  trip_id: string;
  instance_id?: string;
  title: string;
  body: string;
  created_at: string;
  /** Where the app shows what the alert is about. */
  link: string;
  /** How to stop these messages: the preferences page, and the API call that does it. */
  turn_off: { link: string; how: string };
}

/** The app's page of a trip, or of one of its windows. */
export const windowPath = (tripId: string, instanceId?: string): string =>
  `/trips/${encodeURIComponent(tripId)}${instanceId ? `/instances/${encodeURIComponent(instanceId)}` : ''}`;

/** The page where each channel is turned on and off. */
export const PREFERENCES_PATH = '/notifications';

const TURN_OFF = {
  push: 'Turn off push alerts in TripCost’s notification preferences, or block notifications for this site.',
  webhook: 'Remove the webhook in TripCost’s notification preferences (DELETE /api/notifications/webhook).',
} as const;

export function channelMessage(
  id: string,
  view: NotificationView,
  channel: keyof typeof TURN_OFF,
  publicUrl: string,
): ChannelMessage {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    id,
    kind: view.kind,
    trip_id: view.trip_id,
    ...(view.instance_id ? { instance_id: view.instance_id } : {}),
    title: view.title,
    body: view.body,
    created_at: view.created_at,
    link: `${base}${windowPath(view.trip_id, view.instance_id)}`,
    turn_off: { link: `${base}${PREFERENCES_PATH}`, how: TURN_OFF[channel] },
  };
}

/** The day's alerts folded into one message (the daily digest): each as its own message inside. */
export interface DigestMessage {
  id: string;
  kind: 'digest';
  title: string;
  body: string;
  created_at: string;
  /** The list of alerts in the app. */
  link: string;
  items: Array<Omit<ChannelMessage, 'turn_off'>>;
  turn_off: { link: string; how: string };
}

export function digestMessage(
  id: string,
  views: NotificationView[],
  channel: keyof typeof TURN_OFF,
  publicUrl: string,
): DigestMessage {
  const base = publicUrl.replace(/\/+$/, '');
  const items = views.map((view) => {
    const { turn_off: _turnOff, ...item } = channelMessage(id, view, channel, publicUrl);
    return { ...item, id: view._id };
  });
  return {
    id,
    kind: 'digest',
    title: views.length === 1 ? 'Your TripCost alert of the day' : `Your ${views.length} TripCost alerts of the day`,
    body: views.map((view) => view.body).join('\n'),
    created_at: views[views.length - 1]?.created_at ?? '',
    link: `${base}${PREFERENCES_PATH}`,
    items,
    turn_off: { link: `${base}${PREFERENCES_PATH}`, how: TURN_OFF[channel] },
  };
}
