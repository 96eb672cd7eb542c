// Says the page shows what was kept on this device while there is no network (ADR 0038).
import { useAppSelector } from '../lib/hooks';

export function OfflineBanner() {
  const offline = useAppSelector((s) => s.session.offline);
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status">
      Offline — showing what you saw last
    </div>
  );
}

/** What a part of a page that needs the network (weather, suggestions, search) says offline. */
export const NEEDS_CONNECTION = 'Needs a connection';

/** Whether the app is showing what was kept because there is no network. */
export function useIsOffline(): boolean {
  return useAppSelector((s) => s.session.offline);
}
