// What a removed member sees, live or on their next visit: the trip is no longer theirs to open.
import { Link } from 'react-router-dom';
import { NO_ACCESS } from '../live/messages';

export function NoAccess() {
  return (
    <main className="page page-message">
      <p className="page-message__title" role="alert">
        {NO_ACCESS}
      </p>
      <Link to="/explore" className="btn btn--primary">
        Return to Explore
      </Link>
    </main>
  );
}
