// The line under a trip's photo about who plans it (docs/product.md §6 "Planning
// together"): the owner sees who shares the trip and a Share button opening the Share
// dialog (its own chunk, fetched when opened); a member sees their role, who else is in
// and Leave. Another member's change arriving live is noted here too.
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useLeaveTripMutation } from '../api';
import type { Member } from '../../../lib/types';
import type { SharedTrip } from './sharedTrip';
import { RoleBadge } from './RoleBadge';
import './sharing.css';

const ShareDialog = lazy(() => import('./SharePanel'));

/** "Ada, Cy and Bo". */
function names(members: Member[]): string {
  const all = members.map((member) => member.name);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

export function ShareBar({ trip, note }: { trip: SharedTrip; note?: string | null }) {
  const [open, setOpen] = useState(false);
  const [leave, leaving] = useLeaveTripMutation();
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const others = trip.members.filter((member) => member.role !== 'owner');
  return (
    <section className="share-bar" aria-label="Sharing">
      <p className="share-bar__who">
        {trip.role === 'owner' ? (
          others.length > 0 ? (
            <>Planned with {names(others)}</>
          ) : (
            <span className="muted">Only you plan this trip</span>
          )
        ) : (
          <>
            <RoleBadge role={trip.role} ownerName={trip.owner_name} />
            <span className="muted">{names(trip.members)}</span>
          </>
        )}
      </p>
      {note && (
        <p className="live-note" role="status">
          {note}
        </p>
      )}
      {trip.role === 'owner' ? (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
          Share
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--ghost-danger btn--sm"
          disabled={leaving.isLoading}
          onClick={() => {
            setError('');
            leave(trip._id)
              .unwrap()
              .then(() => navigate('/explore'))
              .catch((failure: unknown) =>
                setError(errorMessage(failure, 'Could not leave the trip. Please try again.')),
              );
          }}
        >
          Leave this trip
        </button>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <ShareDialog trip={trip} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
