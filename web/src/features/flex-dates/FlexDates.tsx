// "Flex dates": one window's all-in total moved to other start dates (columns) and
// lengths (rows), from the server's grid (GET …/flex). Each cell is coloured on a
// scale and its figure written; the cheapest cell and each length's lowest are marked
// in words, estimated cells with "≈" and prices to re-check with "⚠". The grid follows
// the ARIA grid pattern (arrow keys, Home/End, one tab stop); Enter or a click opens
// "Add this window — …", which creates a window at the cell's dates (duplicate with a
// start and nights, so its total is the cell's).
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { CheckPrices, FreshnessLine } from '../windows';
import { cellFigure, flexable, initialFlexWindow, nightsWord, shortRange, type FlexCell, type FlexGrid } from './flex';
import { useGetFlexGridQuery } from './flexApi';
import { AddWindowDialog } from './AddWindowDialog';
import { FlexTable, stepColour } from './FlexTable';
import { RangeControls, useRange } from './RangeControls';
// Its rules are in windows/components/flex.css, which the price checks (CheckPrices,
// FreshnessLine, from the windows feature) load before this chunk.

export function FlexDates({ trip, windowId }: { trip: Trip; windowId?: string | null }) {
  const windows = useMemo(() => (trip.instances ?? []).filter(flexable), [trip.instances]);
  const [chosenId, setChosenId] = useState(() => initialFlexWindow(trip, windowId)?._id);
  // A window chosen elsewhere ("Flex dates" on a card) while this view is open.
  useEffect(() => {
    if (windowId) setChosenId(initialFlexWindow(trip, windowId)?._id);
    // Only a new request moves the choice (the trip changing does not).
  }, [windowId]);
  const window = windows.find((candidate) => candidate._id === chosenId) ?? initialFlexWindow(trip, null);

  if (!window) {
    return (
      <div className="flex-dates">
        <p className="muted">
          Flex dates needs a window with a start and an end date. Create one, and its total is tried at other dates
          here.
        </p>
      </div>
    );
  }
  return (
    <FlexForWindow key={window._id} trip={trip} window={window} windows={windows} onChoose={(id) => setChosenId(id)} />
  );
}

function FlexForWindow({
  trip,
  window,
  windows,
  onChoose,
}: {
  trip: Trip;
  window: Instance;
  windows: Instance[];
  onChoose: (id: string) => void;
}) {
  const headingId = useId();
  const { draft, setDraft, applied, problem, reset } = useRange(window);

  const travellers = trip.travelers ?? 1;
  const query = useGetFlexGridQuery({ tripId: trip._id, instanceId: window._id, ...applied });
  const [opened, setOpened] = useState<FlexCell | null>(null);
  const itemised = (window.items?.length ?? 0) > 0;
  const grid = query.data;

  return (
    <section className="flex-dates" aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        Flex dates
      </h3>
      <RangeControls
        trip={trip}
        window={window}
        windows={windows}
        onChoose={onChoose}
        draft={draft}
        setDraft={setDraft}
        reset={reset}
      />
      <div className="flex-dates__window">
        <FreshnessLine window={window} />
        <CheckPrices window={window} />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {!itemised && (
        <p className="flex-dates__hint" role="note">
          This window has plain amounts, so every other date shows the same total (≈ estimated).{' '}
          <Link to={`/trips/${trip._id}/instances/${window._id}`} state={{ trip, instance: window }}>
            Itemise it
          </Link>{' '}
          — a nightly stay rate, weekend and season rates, fares seen for exact dates — to see what other dates really
          cost.
        </p>
      )}
      <FlexLegend travellers={travellers} />
      {query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error, 'The grid could not be loaded. Please try again.')}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : !grid ? (
        <p className="muted" role="status">
          Working out the totals…
        </p>
      ) : (
        <>
          {query.isFetching && (
            <p className="muted" role="status">
              Updating the totals…
            </p>
          )}
          <FlexSummary grid={grid} travellers={travellers} nights={window.nights ?? 0} />
          <FlexTable grid={grid} window={window} travellers={travellers} onOpen={setOpened} />
        </>
      )}
      {opened && <AddWindowDialog trip={trip} window={window} cell={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}

function FlexLegend({ travellers }: { travellers: number }) {
  return (
    <ul className="flex-legend" aria-label="How to read the grid">
      <li>
        {travellers > 1 ? `Per person (${travellers} travellers), all in` : 'Trip total, all in'}; columns are start
        dates, rows are nights
      </li>
      <li className="flex-legend__scale">
        <span aria-hidden="true" className="flex-legend__swatches">
          {Array.from({ length: 6 }, (_, step) => (
            <span key={step} style={stepColour(step)} />
          ))}
        </span>
        cheaper to dearer
      </li>
      <li>
        <strong>★ Cheapest</strong> of the grid · <strong>Lowest</strong> for its length
      </li>
      <li>
        <strong>≈</strong> estimated: a fare or total without a price seen for those exact dates is assumed to hold
      </li>
      <li>
        <strong>⚠</strong> a price in it was seen over 14 days ago: re-check it
      </li>
    </ul>
  );
}

/**
 * The grid summed up at the window's own length: "Cheapest for 5 nights: Mar 3–8, $750.00",
 * then the grid's cheapest when another length costs less. Led by the overall cheapest, a
 * window with plain amounts (every cell the same) read "Cheapest: any start date, 1 night"
 * — a one-night stay it never was (ADR 0063). A range without the window's length names
 * the grid's cheapest.
 */
function FlexSummary({ grid, travellers, nights }: { grid: FlexGrid; travellers: number; nights: number }) {
  const best = grid.cheapest.overall;
  if (!best) return <p className="muted">No dates in this range.</p>;
  const own = grid.cheapest.per_length.find((cell) => cell.nights === nights);
  const lead = own ?? best;
  // When the start date changes nothing at that length, naming one would suggest it is
  // cheaper than the others.
  const anyStart = grid.cells.every((cell) => cell.nights !== lead.nights || cell.total_cost === lead.total_cost);
  const money = (cell: FlexCell) => formatMoney(cellFigure(cell, travellers), grid.currency);
  return (
    <p className="flex-dates__summary" aria-live="polite">
      {own ? `Cheapest for ${nightsWord(nights)}` : 'Cheapest'}:{' '}
      <strong>{anyStart ? 'any start date' : shortRange(lead.start, lead.end)}</strong>
      {own ? '' : `, ${nightsWord(lead.nights)}`}, <strong>{money(lead)}</strong>
      {travellers > 1 ? ' per person' : ''}
      {lead.estimated ? ' (≈ estimated)' : ''}
      {lead.stale ? ' (prices to re-check)' : ''}
      {own && best.total_cost < own.total_cost && (
        <>
          {' '}
          · cheapest of the grid: {shortRange(best.start, best.end)}, {nightsWord(best.nights)}, {money(best)}
          {best.estimated ? ' (≈ estimated)' : ''}
        </>
      )}
    </p>
  );
}
