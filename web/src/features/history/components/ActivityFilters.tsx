// Activity's filters (docs/product.md §6): by person and by window. The server applies
// them before paging, so a filter finds changes not loaded yet.
import type { ActivityFilter } from '../describe';

export function ActivityFilters({
  people,
  windows,
  filter,
  onChange,
}: {
  people: { id: string; name: string }[];
  windows: { _id: string; label?: string | null }[];
  filter: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
}) {
  return (
    <div className="activity__filters">
      <label>
        Changed by{' '}
        <select value={filter.actorId} onChange={(event) => onChange({ ...filter, actorId: event.target.value })}>
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
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
