// What a page listing trips shows around its cards: the way back to Explore, and the
// loading, failed and empty states (the spec's words), the same on every such page.
import { Link } from 'react-router-dom';
import { EmptyState } from './EmptyState';
import { SkeletonCards } from './Skeleton';

export function BackToExplore() {
  return (
    <Link to="/explore" className="back-link">
      ← Back to Explore
    </Link>
  );
}

export function TripListStates({ loading, failed, empty }: { loading: boolean; failed: boolean; empty: boolean }) {
  return (
    <>
      {loading && <SkeletonCards count={6} label="Loading trips" />}
      {failed && <EmptyState title="Couldn't load trips">Failed to load trips.</EmptyState>}
      {!loading && !failed && empty && <EmptyState title="No trips yet" />}
    </>
  );
}
