// Wishlist detail: the trips in one list.
import { Link, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth';
import { CostBadge } from '../../../components/CostBadge';
import { BackToExplore, TripListStates } from '../../../components/TripListStates';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange } from '../../../lib/format';
import { amountOf } from '@tripcost/shared/domain';
import { useGetWishlistsQuery, useGetWishlistTripsQuery } from '../api';

export default function WishlistDetailPage() {
  const { id = '' } = useParams();
  const email = useCurrentUser()?.email ?? '';
  const { data, isLoading, isError } = useGetWishlistTripsQuery(id);
  const { listName } = useGetWishlistsQuery(email, {
    skip: !email,
    selectFromResult: ({ data: lists }) => ({ listName: lists?.find((l) => l._id === id)?.list_name }),
  });
  const trips = data?.trips ?? [];

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
              {trip.costs_hidden ? (
                <p className="trip-card__costs-hidden">Costs are hidden by the owner</p>
              ) : (
                <CostBadge amount={amountOf(trip.total_cost)} currency={trip.currency} />
              )}
              <div className="card__actions">
                <Link className="btn btn--secondary btn--sm" to={`/trips/${trip._id}`}>
                  View
                </Link>
              </div>
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}
