// "$123.45 per person (2 travellers)" on a trip card, when more than one person goes.
import { formatMoney } from '../../../lib/format';
import type { TripSummary as Trip } from '../../../lib/types';

export function PerPerson({ trip }: { trip: Trip }) {
  const travelers = trip.travelers ?? 1;
  if (travelers <= 1 || trip.per_person === undefined) return null;
  return (
    <p className="per-person muted">
      {formatMoney(trip.per_person, trip.currency)} per person ({travelers} travellers)
    </p>
  );
}
