// Past trips: committed trips that are over, grouped by year like My Trips.
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonCards } from '../../../components/Skeleton';
import { useGetTripsQuery } from '../api';
import { pastTrips } from '../model';
import { YearGroups } from './YearGroups';

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
      <YearGroups trips={past} idPrefix="past" />
    </main>
  );
}
