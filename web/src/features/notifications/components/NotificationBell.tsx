// The bell in the header: the unread count, kept fresh by polling, and the way to the list.
import { Link } from 'react-router-dom';
import { POLL_MS, useGetNotificationsQuery } from '../api';
import './notifications.css';

export default function NotificationBell({ onOpen }: { onOpen?: () => void }) {
  const { data } = useGetNotificationsQuery(undefined, { pollingInterval: POLL_MS, refetchOnFocus: true });
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="bell" aria-label={label} onClick={onOpen}>
      <span aria-hidden="true">🔔</span>
      {unread > 0 && (
        <span className="bell__count" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
