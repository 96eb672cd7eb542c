// Past trips: committed trips that are over, grouped by year like My Trips.
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonCards } from '../../../components/Skeleton';
import { useGetTripsQuery } from '../api';
import { groupByEndYear, pastTrips } from '../model';
import { TripCard } from './TripCard';

export default function PastTripsPage() {
  const { data: trips, isLoading, isError } = useGetTripsQuery();
  const past = pastTrips(trips ?? [], new Date());
  return (
    <main className="page">
      <header className="page-header">
        <h1>Past trips</h1>
        <p className="muted">Getaways you have already taken.</p>
      </header>
      {isLoading && <SkeletonCards count={6} label="Loading trips" />}
      {isError && <EmptyState title="Couldn't load trips">Failed to load trips.</EmptyState>}
      {!isLoading && !isError && past.length === 0 && <EmptyState title="No trips yet" />}
      {groupByEndYear(past).map((group) => (
        <section key={group.year} className="year-group" aria-labelledby={`past-${group.year}`}>
          <h2 id={`past-${group.year}`} className="year-group__title">
            {group.year}
          </h2>
          <div className="card-grid">
            {group.trips.map((trip) => (
              <TripCard key={trip._id} trip={trip} />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
