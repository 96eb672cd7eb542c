// Explore: Create in the header, the Planning cards (filtered and sorted as the URL query says), the Wishlists.
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cardRole } from '@tripcost/shared/domain';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonCards } from '../../components/Skeleton';
import { useDeleteTripMutation, useGetTripsQuery } from '../../features/trips/api';
import { TripCard } from '../../features/trips/components/TripCard';
import { TripFiltersBar } from '../../features/trips/components/TripFiltersBar';
import {
  applyTripFilters,
  budgetOf,
  filtersFromQuery,
  filtersToQuery,
  hasFilters,
  NO_FILTERS,
  type TripFilters,
} from '../../features/trips/filters';
import { useGetWishlistsQuery } from '../../features/wishlists/api';
import { useDeleteWishlistMutation } from '../../features/wishlists/listEditsApi';
import { WishlistCard } from '../../features/wishlists/components/WishlistCard';
import { useCurrentUser } from '../../features/auth';
import { useAppDispatch } from '../../lib/hooks';
import { showToast } from '../../lib/toast';
import { tripDeletedToast } from './tripDeletedToast';
import type { TripSummary as Trip, Wishlist } from '../../lib/types';
import { useFavoriteToggle } from './useFavoriteToggle';

/** The trips others share with me (as editor or viewer): their cards, without my controls. */
function SharedWithMe({ trips }: { trips: Trip[] }) {
  if (!trips.some((trip) => cardRole(trip) !== 'owner')) return null;
  return (
    <section aria-labelledby="shared-heading" className="section">
      <div className="section-header">
        <h2 id="shared-heading">Shared with me</h2>
      </div>
      <div className="card-grid">
        {trips
          .filter((trip) => cardRole(trip) !== 'owner')
          .map((trip) => (
            <TripCard key={trip._id} trip={trip} />
          ))}
      </div>
    </section>
  );
}

/** My wishlists, each a card with Delete. */
function WishlistsSection({
  wishlists,
  deletingIds,
  onDelete,
}: {
  /** The wishlists' query as RTK Query answers it (isSuccess means data is there). */
  wishlists: { isLoading: boolean; isError: boolean; isSuccess: boolean; data?: Wishlist[] };
  deletingIds: Set<string>;
  onDelete: (wishlist: Wishlist) => void;
}) {
  return (
    <section aria-labelledby="wishlists-heading" className="section">
      <div className="section-header">
        <h2 id="wishlists-heading">Wishlists</h2>
      </div>
      {wishlists.isLoading && <SkeletonCards count={3} label="Loading wishlists" />}
      {wishlists.isError && <EmptyState title="Couldn't load wishlists">Failed to load wishlists.</EmptyState>}
      {wishlists.isSuccess && wishlists.data?.length === 0 && (
        <EmptyState title="No wishlists yet">
          <p className="muted">Tap the heart on a trip to start one.</p>
        </EmptyState>
      )}
      {wishlists.data && wishlists.data.length > 0 && (
        <div className="card-grid">
          {wishlists.data.map((w) => (
            <WishlistCard key={w._id} wishlist={w} busy={deletingIds.has(w._id)} onDelete={onDelete} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Deleting a trip or a wishlist: asked first, one request per card at a time, and what it says. */
function useDeletes() {
  const dispatch = useAppDispatch();
  const [deleteTrip] = useDeleteTripMutation();
  const [deleteWishlist] = useDeleteWishlistMutation();
  const [confirm, confirmDialog] = useConfirm();
  const [deletingIds, setDeletingIds] = useState<Set<string>>(new Set());
  const inFlight = useRef(new Set<string>());

  async function guarded(id: string, action: () => Promise<void>) {
    if (inFlight.current.has(id)) return;
    inFlight.current.add(id);
    setDeletingIds(new Set(inFlight.current));
    try {
      await action();
    } finally {
      inFlight.current.delete(id);
      setDeletingIds(new Set(inFlight.current));
    }
  }

  async function onDeleteTrip(trip: Trip) {
    if (!(await confirm('Do you want to delete this trip? It stays in your bin for 30 days.'))) return;
    await guarded(trip._id, async () => {
      try {
        await deleteTrip(trip._id).unwrap();
        dispatch(showToast(tripDeletedToast(dispatch, trip._id)));
      } catch {
        dispatch(showToast({ type: 'error', message: 'Failed to delete trip. Please try again.' }));
      }
    });
  }

  async function onDeleteWishlist(wishlist: Wishlist) {
    if (!(await confirm('Delete this wishlist? All trips in this wishlist will be unfavorited.'))) return;
    await guarded(wishlist._id, async () => {
      try {
        await deleteWishlist({ wishlist }).unwrap();
      } catch {
        dispatch(showToast({ type: 'error', message: 'Failed to delete wishlist. Please try again.' }));
      }
    });
  }

  return { deletingIds, onDeleteTrip, onDeleteWishlist, confirmDialog };
}

export default function ExplorePage() {
  const email = useCurrentUser()?.email ?? '';
  const trips = useGetTripsQuery();
  const wishlists = useGetWishlistsQuery(email, { skip: !email });
  const { deletingIds, onDeleteTrip, onDeleteWishlist, confirmDialog } = useDeletes();
  const favorites = useFavoriteToggle();
  const [query, setQuery] = useSearchParams();
  const filters = filtersFromQuery(query);
  const setFilters = (next: TripFilters) => setQuery(filtersToQuery(next), { replace: true });

  const allTrips = trips.data ?? [];
  const planning = applyTripFilters(allTrips, filters);

  return (
    <main className="page">
      <header className="page-header page-header--with-action">
        <div>
          <h1>Explore</h1>
          <p className="muted">Compare your trips and keep favourites in wishlists.</p>
        </div>
        {/* In the flow, not floating: it covered the first card on a phone (ADR 0063). */}
        <Link to="/search" className="create-trip" aria-label="Create a trip">
          <span aria-hidden="true">+</span> Create
        </Link>
      </header>

      <section aria-labelledby="planning-heading" className="section">
        <div className="section-header">
          <h2 id="planning-heading">Planning</h2>
          <Link to="/view-all" className="link">
            View all
          </Link>
        </div>
        {trips.isLoading && <SkeletonCards count={6} label="Loading trips" />}
        {trips.isError && <EmptyState title="Couldn't load trips">Failed to load trips.</EmptyState>}
        {allTrips.length > 0 && (
          <TripFiltersBar filters={filters} onChange={setFilters} budgetsKnown={allTrips.some((t) => budgetOf(t))} />
        )}
        {trips.isSuccess && allTrips.length > 0 && planning.length === 0 && (
          <EmptyState title="No trips match these filters">
            {hasFilters(filters) && (
              <button type="button" className="btn btn--secondary" onClick={() => setFilters(NO_FILTERS)}>
                Clear filters
              </button>
            )}
          </EmptyState>
        )}
        {trips.isSuccess && allTrips.length === 0 && (
          <EmptyState title="No trips yet">
            <Link to="/search" className="btn btn--primary">
              Create your first trip
            </Link>
          </EmptyState>
        )}
        {planning.length > 0 && (
          <div className="card-grid">
            {planning.map((trip) => (
              <TripCard
                key={trip._id}
                trip={trip}
                busy={deletingIds.has(trip._id) || favorites.busyIds.has(trip._id)}
                onDelete={onDeleteTrip}
                onToggleFavorite={favorites.toggle}
              />
            ))}
          </div>
        )}
      </section>

      <SharedWithMe trips={allTrips} />

      <WishlistsSection wishlists={wishlists} deletingIds={deletingIds} onDelete={onDeleteWishlist} />

      {favorites.modal}
      {confirmDialog}
    </main>
  );
}
