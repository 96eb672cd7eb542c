// The caller's alerts, newest first (docs/product.md §4 "Alerts"): each opens the window
// or trip it is about and is marked read; and which alerts they want.
import { Link } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import {
  POLL_MS,
  useGetAlertPreferencesQuery,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useSetAlertPreferencesMutation,
  type AlertKind,
} from '../api';
import { ChannelSettings } from './ChannelSettings';
import './notifications.css';

const RULES: Record<AlertKind, string> = {
  cheapest: 'A window becomes the cheapest',
  stale_price: 'A price was seen long ago',
  over_budget: 'The plan goes over budget',
  to_pay: 'Items still to pay before the trip',
  starts_soon: 'The trip starts in 3 days',
  members: 'Someone joins or leaves, and the day’s votes',
};

export default function NotificationsPage() {
  const { data, isLoading } = useGetNotificationsQuery(undefined, { pollingInterval: POLL_MS });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll] = useMarkAllNotificationsReadMutation();
  const items = data?.items ?? [];
  return (
    <main className="page notifications">
      <BackButton fallback="/mytrips" />
      <header className="notifications__head">
        <h1>Notifications</h1>
        {(data?.unread ?? 0) > 0 && (
          <button type="button" className="btn btn--ghost" onClick={() => markAll()}>
            Mark all read
          </button>
        )}
      </header>
      {isLoading && <p className="muted">Loading…</p>}
      {!isLoading && items.length === 0 && (
        <p className="muted">Nothing yet. We tell you here when something changes.</p>
      )}
      <ul className="notifications__list">
        {items.map((n) => (
          <li key={n._id} className={`card notification ${n.read ? '' : 'notification--unread'}`}>
            <Link
              to={n.instance_id ? `/trips/${n.trip_id}/instances/${n.instance_id}` : `/trips/${n.trip_id}`}
              onClick={() => (n.read ? undefined : markRead(n._id))}
            >
              <strong>{n.title}</strong>
              <span>{n.body}</span>
              <time className="muted" dateTime={n.created_at}>
                {new Date(n.created_at).toLocaleString()}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <AlertPreferencesForm />
      <ChannelsOfPreferences />
    </main>
  );
}

function AlertPreferencesForm() {
  const { data } = useGetAlertPreferencesQuery();
  const [save, { isLoading }] = useSetAlertPreferencesMutation();
  if (!data) return null;
  return (
    <section className="card notifications__preferences" aria-label="Which alerts">
      <h2>Tell me when</h2>
      {(Object.keys(RULES) as AlertKind[]).map((rule) => (
        <label key={rule} className="notifications__rule">
          <input
            type="checkbox"
            checked={data.rules[rule]}
            disabled={isLoading}
            onChange={(event) => save({ rules: { [rule]: event.target.checked } })}
          />
          {RULES[rule]}
        </label>
      ))}
      <p className="muted">Times are in {data.time_zone}.</p>
    </section>
  );
}

/** Push and webhook, with the preferences that say which are on. */
function ChannelsOfPreferences() {
  const { data } = useGetAlertPreferencesQuery();
  return data ? <ChannelSettings preferences={data} /> : null;
}
