// Heart on a trip card (spec §4 "Favourite"): not favourite → the add-to-wishlist modal;
// favourite → out of its wishlist (optimistic, restored on failure).
import { useRef, useState, type ReactNode } from 'react';
import { AddToWishlistModal } from '../../features/wishlists/components/AddToWishlistModal';
import { useGetWishlistsQuery, useUnfavoriteTripMutation } from '../../features/wishlists/api';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectUser } from '../../lib/session';
import { showToast } from '../../lib/toast';
import type { Trip } from '../../lib/types';

export function useFavoriteToggle(): { toggle: (trip: Trip) => void; busyIds: Set<string>; modal: ReactNode } {
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectUser)?.email ?? '';
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
    const list = lists?.find((l) => l.trips.some((t) => t._id === trip._id)) ?? null;
    try {
      await unfavorite({ wishlistId: list?._id ?? null, tripId: trip._id }).unwrap();
      dispatch(
        showToast({
          type: 'success',
          message: list ? `Trip removed from ${list.list_name}` : 'Trip removed from favorites',
        }),
      );
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
