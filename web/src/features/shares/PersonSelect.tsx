// A choice of one of the trip's people, by name (the payer of an item, a payment's ends).
import type { ReactNode } from 'react';
import type { Trip } from '../../lib/types';

export function PersonSelect({
  label,
  value,
  onChange,
  people,
  none,
  autoFocus,
}: {
  label: ReactNode;
  value: string;
  onChange: (personId: string) => void;
  people: Trip['people'];
  /** The words of a first option for no one ('' as its value); absent: someone must be chosen. */
  none?: string;
  autoFocus?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select autoFocus={autoFocus} value={value} onChange={(event) => onChange(event.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {people.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name}
          </option>
        ))}
      </select>
    </label>
  );
}
