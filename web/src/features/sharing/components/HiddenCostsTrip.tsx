// A trip as a viewer sees it when its owner hides costs: the server sent no figures, so
// none are shown — "Costs are hidden by the owner" — only places, dates, windows and votes.
// Its own chunk: only such a viewer ever loads it.
import { TripHero } from '../../../components/TripHero';
import { formatDateRange } from '../../../lib/format';
import type { TripCostsHidden } from '../../../lib/types';
import { ShareBar } from './ShareBar';
import { VoteButtons, VotesProvider } from './VoteButtons';
import './sharing.css';

export default function HiddenCostsTrip({ trip, note }: { trip: TripCostsHidden; note?: string | null }) {
  return (
    <main className="page">
      <TripHero trip={trip}>
        <p className="costs-hidden">Costs are hidden by the owner</p>
      </TripHero>
      <ShareBar trip={trip} note={note} />
      <VotesProvider>
        <section aria-label="Date windows" className="card-grid hidden-costs__windows">
          {trip.instances.map((window) => {
            const dates = formatDateRange(window.trip_start, window.trip_end);
            const label = window.label || dates;
            return (
              <article key={window._id} className="card" aria-label={label}>
                <div className="card__body">
                  <h3>{label}</h3>
                  {/* An unnamed window's heading is already its dates. */}
                  {window.label && <p>{dates}</p>}
                  {window.isCommitted && <p className="role-badge">The plan</p>}
                  <p className="costs-hidden">Costs are hidden by the owner</p>
                  <VoteButtons
                    tripId={trip._id}
                    instanceId={window._id}
                    votes={window.votes}
                    worksForEveryone={window.works_for_everyone}
                    label={label}
                  />
                </div>
              </article>
            );
          })}
        </section>
      </VotesProvider>
    </main>
  );
}
