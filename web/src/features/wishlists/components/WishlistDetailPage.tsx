// Wishlist detail: the trips in one list, each with View and Remove (out of this list).
// A trip no longer shared with the holder keeps its place and photo, no figure and no View.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth';
import { CostBadge } from '../../../components/CostBadge';
import { BackToExplore, TripListStates } from '../../../components/TripListStates';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange } from '../../../lib/format';
import { amountOf } from '@tripcost/shared/domain';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast } from '../../../lib/toast';
import { useGetWishlistsQuery, useGetWishlistTripsQuery, useUnfavoriteTripMutation } from '../api';

export default function WishlistDetailPage() {
  const { id = '' } = useParams();
  const email = useCurrentUser()?.email ?? '';
  const { data, isLoading, isError } = useGetWishlistTripsQuery(id);
  const { listName } = useGetWishlistsQuery(email, {
    skip: !email,
    selectFromResult: ({ data: lists }) => ({ listName: lists?.find((l) => l._id === id)?.list_name }),
  });
  const trips = data?.trips ?? [];
  const dispatch = useAppDispatch();
  const [removeTrip] = useUnfavoriteTripMutation();
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(tripId: string, place: string) {
    setRemoving(tripId);
    try {
      await removeTrip({ wishlistId: id, tripId }).unwrap();
      dispatch(showToast({ type: 'success', message: `${place} removed from ${listName ?? 'this list'}` }));
    } catch {
      dispatch(showToast({ type: 'error', message: 'Failed to remove from favorites. Please try again.' }));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <main className="page">
      <BackToExplore />
      <header className="page-header">
        <span className="eyebrow">Wishlist</span>
        <h1>{listName ?? 'Wishlist'}</h1>
      </header>
      <TripListStates loading={isLoading} failed={isError} empty={trips.length === 0} />
      <div className="card-grid">
        {trips.map((trip) => (
          <article key={trip._id} className="card trip-card" aria-label={trip.location_address}>
            <div className="trip-card__media">
              <SmartImage src={trip.image_url} alt={`Photo of ${trip.location_address ?? 'trip'}`} loading="lazy" />
            </div>
            <div className="card__body">
              <p className="trip-card__dates">{formatDateRange(trip.trip_start, trip.trip_end)}</p>
              <h3 className="trip-card__title">{trip.location_address}</h3>
              {trip.available === false ? (
                <p className="trip-card__costs-hidden">No longer shared with you</p>
              ) : trip.costs_hidden ? (
                <p className="trip-card__costs-hidden">Costs are hidden by the owner</p>
              ) : (
                <CostBadge amount={amountOf(trip.total_cost)} currency={trip.currency} />
              )}
              <div className="card__actions">
                {trip.available !== false && (
                  <Link className="btn btn--secondary btn--sm" to={`/trips/${trip._id}`}>
                    View
                  </Link>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={`Remove ${trip.location_address} from this list`}
                  disabled={removing === trip._id}
                  onClick={() => void remove(trip._id, trip.location_address)}
                >
                  {removing === trip._id ? 'Removing…' : 'Remove'}
                </button>
              </div>
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}
