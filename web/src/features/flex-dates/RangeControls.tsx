// The Flex dates view's controls: which window, the start dates and the nights the grid
// is asked for (typing settles before the grid is asked again), and Reset.
import { useEffect, useId, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { windowName } from '../windows';
import { defaultRange, rangeProblem, type FlexRange } from './flex';

/** How long typing in the range controls settles before the grid is asked again. */
const RANGE_SETTLE_MS = 400;

export type RangeDraft = { from: string; to: string; minNights: string; maxNights: string };
const rangeDraft = (range: FlexRange): RangeDraft => ({
  ...range,
  minNights: String(range.minNights),
  maxNights: String(range.maxNights),
});
const parseDraft = (draft: RangeDraft): FlexRange => ({
  from: draft.from,
  to: draft.to,
  minNights: draft.minNights === '' ? NaN : Number(draft.minNights),
  maxNights: draft.maxNights === '' ? NaN : Number(draft.maxNights),
});
const sameRange = (a: FlexRange, b: FlexRange) =>
  a.from === b.from && a.to === b.to && a.minNights === b.minNights && a.maxNights === b.maxNights;

/** The range as typed, and as last applied to the grid (once typing settled, and valid). */
export function useRange(window: Instance) {
  const defaults = useMemo(() => defaultRange(window), [window]);
  const [draft, setDraft] = useState(() => rangeDraft(defaults));
  const [applied, setApplied] = useState<FlexRange>(defaults);
  const parsed = parseDraft(draft);
  const problem = rangeProblem(parsed);
  useEffect(() => {
    if (problem || sameRange(parsed, applied)) return undefined;
    const timer = setTimeout(() => setApplied(parsed), RANGE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [parsed, applied, problem]);
  const reset = () => {
    setDraft(rangeDraft(defaults));
    setApplied(defaults);
  };
  return { draft, setDraft, applied, problem, reset };
}

export function RangeControls({
  trip,
  window,
  windows,
  onChoose,
  draft,
  setDraft,
  reset,
}: {
  trip: Trip;
  window: Instance;
  windows: Instance[];
  onChoose: (id: string) => void;
  draft: RangeDraft;
  setDraft: Dispatch<SetStateAction<RangeDraft>>;
  reset: () => void;
}) {
  const pickerId = useId();
  return (
    <div className="flex-dates__controls">
      <label className="field flex-dates__picker" htmlFor={pickerId}>
        <span>Window</span>
        <select id={pickerId} value={window._id} onChange={(event) => onChoose(event.target.value)}>
          {windows.map((candidate) => (
            <option key={candidate._id} value={candidate._id}>
              {windowName(candidate)} · {formatMoney(candidate.total_cost ?? 0, trip.currency)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex-dates__range">
        <legend>Start dates</legend>
        <label className="field">
          <span>From</span>
          <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
      </fieldset>
      <fieldset className="flex-dates__range">
        <legend>Nights</legend>
        <NightsInput
          label="Fewest"
          value={draft.minNights}
          onChange={(minNights) => setDraft({ ...draft, minNights })}
        />
        <NightsInput label="Most" value={draft.maxNights} onChange={(maxNights) => setDraft({ ...draft, maxNights })} />
      </fieldset>
      <button type="button" className="btn btn--ghost btn--sm flex-dates__reset" onClick={reset}>
        Reset range
      </button>
    </div>
  );
}

function NightsInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
