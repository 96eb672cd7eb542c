// Activity's filters (docs/product.md §6): by person and by window. They filter the
// entries already loaded; "Show older changes" brings more to filter.
import type { ActivityFilter } from '../describe';

export function ActivityFilters({
  people,
  windows,
  filter,
  onChange,
}: {
  people: string[];
  windows: { _id: string; label?: string | null }[];
  filter: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
}) {
  return (
    <div className="activity__filters">
      <label>
        Changed by{' '}
        <select value={filter.person} onChange={(event) => onChange({ ...filter, person: event.target.value })}>
          <option value="">Everyone</option>
          {people.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        In window{' '}
        <select value={filter.windowId} onChange={(event) => onChange({ ...filter, windowId: event.target.value })}>
          <option value="">All windows</option>
          {windows.map((window, index) => (
            <option key={window._id} value={window._id}>
              {window.label || `Window ${index + 1}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
