// Trips grouped by the year they end, newest year first (docs/product.md §2 My Trips; also Past).
import type { TripSummary as Trip } from '../../../lib/types';
import { groupByEndYear } from '../model';
import { TripCard } from './TripCard';
import './tripLists.css';

export function YearGroups({ trips, idPrefix }: { trips: Trip[]; idPrefix: string }) {
  return (
    <>
      {groupByEndYear(trips).map((group) => (
        <section key={group.year} className="year-group" aria-labelledby={`${idPrefix}-${group.year}`}>
          <h2 id={`${idPrefix}-${group.year}`} className="year-group__title">
            {group.year}
          </h2>
          <div className="card-grid">
            {group.trips.map((trip) => (
              <TripCard key={trip._id} trip={trip} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
