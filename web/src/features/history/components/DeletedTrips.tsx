// My Trips' bin (docs/product.md §6 "The bin"): the trips I deleted in the last 30 days,
// each with Restore; nothing at all when there are none. A chunk of its own, loaded after
// the page, so My Trips' first load carries none of it.
import { errorMessage } from '../../../lib/api';
import { useAmountLocale } from '../../../lib/amountLocale';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast } from '../../../lib/toast';
import { useDeletedTripsQuery, useRestoreTripMutation } from '../api';
import { timeAgo } from '../describe';
import './activity.css';

export default function DeletedTrips() {
  const dispatch = useAppDispatch();
  const locale = useAmountLocale();
  const { data } = useDeletedTripsQuery();
  const [restore] = useRestoreTripMutation();
  if (!data || data.trips.length === 0) return null;

  async function onRestore(tripId: string) {
    try {
      await restore(tripId).unwrap();
      dispatch(showToast({ type: 'success', message: 'Trip restored' }));
    } catch (error) {
      dispatch(showToast({ type: 'error', message: errorMessage(error, 'The trip could not be restored.') }));
    }
  }

  return (
    <section className="panel activity" aria-labelledby="deleted-trips-title">
      <h2 id="deleted-trips-title">Bin</h2>
      <p className="activity__note">Trips you deleted stay here for {data.kept_days} days.</p>
      <ul className="activity__list">
        {data.trips.map((trip) => (
          <li key={trip._id} className="activity__entry">
            <p className="activity__text">
              {trip.trip_location || trip.location_address}
              <span className="activity__time"> — deleted {timeAgo(trip.deleted_at, Date.now(), locale)}</span>
            </p>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onRestore(trip._id)}>
              Restore
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
