// Heart on a trip card: not favourite → the add-to-wishlist modal; favourite → out of
// its wishlist (optimistic, restored on failure). The server sets the flag itself.
import { useRef, useState, type ReactNode } from 'react';
import { AddToWishlistModal } from '../../features/wishlists/components/AddToWishlistModal';
import { useCurrentUser } from '../../features/auth';
import { tripsApi } from '../../features/trips';
import { useGetWishlistsQuery, useUnfavoriteTripMutation } from '../../features/wishlists/api';
import { useAppDispatch } from '../../lib/hooks';
import { showToast } from '../../lib/toast';
import type { TripRef as Trip } from '../../lib/types';

export function useFavoriteToggle(): { toggle: (trip: Trip) => void; busyIds: Set<string>; modal: ReactNode } {
  const dispatch = useAppDispatch();
  const email = useCurrentUser()?.email ?? '';
  const { data: lists } = useGetWishlistsQuery(email, { skip: !email });
  const [unfavorite] = useUnfavoriteTripMutation();
  const [modalTrip, setModalTrip] = useState<Trip | null>(null);
  const [busyIds, setBusyIds] = useState<Set<string>>(new Set());
  const inFlight = useRef(new Set<string>());

  async function toggle(trip: Trip) {
    if (!trip.isFavorite) {
      setModalTrip(trip);
      return;
    }
    if (inFlight.current.has(trip._id)) return;
    inFlight.current.add(trip._id);
    setBusyIds(new Set(inFlight.current));
    const list = lists?.find((l) => l.trips.some((t) => t._id === trip._id));
    try {
      if (!list) {
        // No list holds it here: this view is stale, so show the server's state instead.
        dispatch(
          tripsApi.util.invalidateTags([
            { type: 'Trip', id: trip._id },
            { type: 'Trip', id: 'LIST' },
          ]),
        );
        throw new Error('not in a wishlist');
      }
      await unfavorite({ wishlistId: list._id, tripId: trip._id }).unwrap();
      dispatch(showToast({ type: 'success', message: `Trip removed from ${list.list_name}` }));
    } catch {
      dispatch(showToast({ type: 'error', message: 'Failed to remove from favorites. Please try again.' }));
    } finally {
      inFlight.current.delete(trip._id);
      setBusyIds(new Set(inFlight.current));
    }
  }

  const modal = modalTrip ? <AddToWishlistModal trip={modalTrip} onClose={() => setModalTrip(null)} /> : null;
  return { toggle, busyIds, modal };
}
