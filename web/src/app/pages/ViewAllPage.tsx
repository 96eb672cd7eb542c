// Every trip of the user in one list.
import { useRef } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { BackToExplore, TripListStates } from '../../components/TripListStates';
import { useDeleteTripMutation, useGetTripsQuery } from '../../features/trips/api';
import { TripCard } from '../../features/trips/components/TripCard';
import { sortByStart } from '../../features/trips/model';
import { useAppDispatch } from '../../lib/hooks';
import { showToast } from '../../lib/toast';
import { tripDeletedToast } from './tripDeletedToast';
import type { TripSummary as Trip } from '../../lib/types';

export default function ViewAllPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetTripsQuery();
  const [deleteTrip] = useDeleteTripMutation();
  const [confirm, confirmDialog] = useConfirm();
  const inFlight = useRef(new Set<string>());

  async function onDelete(trip: Trip) {
    if (inFlight.current.has(trip._id)) return;
    if (!(await confirm('Delete this trip? It stays in your bin for 30 days.'))) return;
    inFlight.current.add(trip._id);
    try {
      await deleteTrip(trip._id).unwrap();
      dispatch(showToast(tripDeletedToast(dispatch, trip._id)));
    } catch {
      dispatch(showToast({ type: 'error', message: 'Failed to delete. Please try again.' }));
    } finally {
      inFlight.current.delete(trip._id);
    }
  }

  const trips = sortByStart(data ?? []);
  return (
    <main className="page">
      <BackToExplore />
      <header className="page-header">
        <h1>All trips</h1>
      </header>
      <TripListStates loading={isLoading} failed={isError} empty={trips.length === 0} />
      <div className="card-grid">
        {trips.map((trip) => (
          <TripCard key={trip._id} trip={trip} onDelete={onDelete} />
        ))}
      </div>
      {confirmDialog}
    </main>
  );
}
