// The Explore filter bar: text on the place, three toggles and a sort order. It edits
// the URL query (replacing the history entry while typing) and the page reads it back.
// The router applies URL changes in a transition, so until it commits the controls
// show the chosen value optimistically; otherwise a ticked box would spring back
// until the list had re-rendered.
import { Field } from '../../../components/Form';
import { startTransition, useEffect, useOptimistic, useState } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { NO_FILTERS, SORT_ORDERS, hasFilters, type SortOrder, type TripFilters } from '../filters';
import './tripLists.css';

interface Props {
  filters: TripFilters;
  onChange: (next: TripFilters) => void;
  /** "Under budget" is offered once trips have budgets. */
  budgetsKnown: boolean;
}

export function TripFiltersBar({ filters: current, onChange: commit, budgetsKnown }: Props) {
  const [filters, showPending] = useOptimistic(current);
  const onChange = (next: TripFilters) =>
    startTransition(() => {
      showPending(next);
      commit(next);
    });
  const [text, setText] = useState(filters.text);
  const debounced = useDebouncedValue(text, 250);

  // Typing updates the URL after a pause; a URL change (back button, Clear) updates the field.
  useEffect(() => {
    if (debounced !== filters.text) onChange({ ...filters, text: debounced });
    // Only the typed text drives this; the other filters are read as they are now.
  }, [debounced]);
  useEffect(() => setText(filters.text), [filters.text]);

  const check = (key: 'committedOnly' | 'favouritesOnly' | 'underBudgetOnly', label: string) => (
    <label className="check">
      <input
        type="checkbox"
        checked={filters[key]}
        onChange={(e) => onChange({ ...filters, [key]: e.target.checked })}
      />
      {label}
    </label>
  );

  return (
    <form className="trip-filters" role="search" aria-label="Filter trips" onSubmit={(e) => e.preventDefault()}>
      <Field label="Place" className="trip-filters__text">
        <input
          type="search"
          value={text}
          maxLength={100}
          placeholder="Filter by place"
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {check('committedOnly', 'Has committed plan')}
      {check('favouritesOnly', 'Favourites')}
      {(budgetsKnown || filters.underBudgetOnly) && check('underBudgetOnly', 'Under budget')}
      <Field label="Sort by" className="trip-filters__sort">
        <select value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as SortOrder })}>
          {Object.entries(SORT_ORDERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {(hasFilters(filters) || filters.sort !== 'start') && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </form>
  );
}
