// My Trips (docs/product.md §2, §4): upcoming committed trips, the earliest featured with its status.
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { CostBadge } from '../../../components/CostBadge';
import { DownloadButton } from '../../../components/DownloadButton';
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonCards } from '../../../components/Skeleton';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange, formatMoney } from '../../../lib/format';
import type { TripSummary } from '../../../lib/types';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsLoggedIn } from '../../../lib/session';
import { DeletedTrips } from '../../history';
import { useGetTripsQuery } from '../api';
import { tripStatus, upcomingTrips } from '../model';
import { PerPerson } from './PerPerson';
import { YearGroups } from './YearGroups';
import './tripLists.css';

export default function MyTripsPage({ now = new Date() }: { now?: Date }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data: trips, isLoading, isError } = useGetTripsQuery(undefined, { skip: !isLoggedIn });

  if (!isLoggedIn) return <p className="page-message">Please log in to view your trips.</p>;

  const upcoming = upcomingTrips(trips ?? [], now);
  const [featured, ...rest] = upcoming;

  return (
    <main className="page">
      <header className="page-header">
        <h1>My Trips</h1>
        <p className="muted">Your upcoming committed getaways.</p>
        {featured && (
          <DownloadButton
            path="/trips/calendar.ics"
            fallbackName="tripcost-trips.ics"
            label="Add to calendar"
            failure="Failed to make the calendar file. Please try again."
          />
        )}
      </header>
      {isLoading && <SkeletonCards count={6} label="Loading trips" />}
      {isError && <EmptyState title="Couldn't load trips">Failed to load trips.</EmptyState>}
      {!isLoading && !isError && !featured && (
        <EmptyState title="Start planning your trips!">
          <Link to="/explore" className="btn btn--primary">
            Go to Explore
          </Link>
        </EmptyState>
      )}
      {featured && (
        <section className="featured" aria-labelledby="next-trip-heading">
          <SmartImage
            className="featured__image"
            src={featured.image_url}
            alt={`Photo of ${featured.location_address}`}
          />
          <div className="featured__body">
            <span className="badge badge--status">{tripStatus(featured, now)}</span>
            <h2 id="next-trip-heading">{featured.location_address}</h2>
            <p className="muted">{formatDateRange(featured.trip_start, featured.trip_end)}</p>
            {/* A trip shared with me whose owner hides costs comes with no figure: not "Needs attention". */}
            {featured.costs_hidden ? (
              <p className="costs-hidden">Costs are hidden by the owner</p>
            ) : (
              <>
                <p className="featured__estimate">
                  Estimated cost <CostBadge amount={featured.total_cost} currency={featured.currency} decimals={0} />
                </p>
                <PerPerson trip={featured} />
                <StillToPay trip={featured} />
              </>
            )}
            <Link className="btn btn--primary" to={`/trips/${featured._id}`}>
              View trip
            </Link>
          </div>
        </section>
      )}
      <YearGroups trips={rest} idPrefix="year" />
      <Suspense fallback={null}>
        <DeletedTrips />
      </Suspense>
    </main>
  );
}

/** What is still to pay for the committed window's itemised costs (nothing shown without items). */
function StillToPay({ trip }: { trip: TripSummary }) {
  if (trip.to_pay === undefined) return null;
  return <p className="featured__to-pay">Still to pay {formatMoney(trip.to_pay, trip.currency)}</p>;
}
