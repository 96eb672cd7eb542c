// The bell in the header: the unread count, kept fresh by polling, and the way to the list.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { browserTimeZone, POLL_MS, useGetNotificationsQuery, useSendBrowserTimeZoneMutation } from '../api';
import './notifications.css';

/** Sent once per page load: the server keeps it only while the person has never set a zone. */
let timeZoneSent = false;

/**
 * Alerts at 09:00 and quiet hours are in the person's time zone: their browser's, unless
 * they set one (the server decides, so a second device never overrides the first).
 */
function useBrowserTimeZoneAsDefault() {
  const [send] = useSendBrowserTimeZoneMutation();
  useEffect(() => {
    const zone = browserTimeZone();
    if (timeZoneSent || !zone) return;
    timeZoneSent = true;
    // Nothing to tell the person when it fails (the mutation's result says so, it never throws): the next page load tries again.
    void send(zone);
  }, [send]);
}

export default function NotificationBell({ onOpen }: { onOpen?: () => void }) {
  useBrowserTimeZoneAsDefault();
  const { data } = useGetNotificationsQuery(undefined, { pollingInterval: POLL_MS, refetchOnFocus: true });
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="bell" aria-label={label} onClick={onOpen}>
      {/* Drawn, not an emoji: not every system has an emoji font. */}
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="bell__count" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
