// "Import bookings" on the trip page: a button in the page's first load; the panel
// (drop zone, review table, Add) and its API are a chunk of their own, loaded on click
// (the trip page's bundle budget, ADR 0022).
import { lazy, Suspense, useState } from 'react';
import type { Trip } from '../../../lib/types';

const ImportPanel = lazy(() => import('./ImportPanel'));

export function ImportBookings({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="import-bookings">
        <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
          Import bookings
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={<section className="panel" aria-busy="true" />}>
      <ImportPanel trip={trip} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
