// A currency picker: a native select (labelled, keyboard and screen-reader friendly on
// every platform) with the most used currencies first, and a filter box beside it that
// narrows the list by code or name ("yen", "kr"); Enter in the box picks the first match.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useGetCurrenciesQuery } from './api';
import { currencyOptions, optionLabel, type CurrencyOption } from './options';
import './currencyPicker.css';

interface Props {
  label: ReactNode;
  value: string;
  onChange: (code: string) => void;
  /** Said under the picker and read with it. */
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** A known id for the select (a label elsewhere points at it). */
  id?: string;
}

export function CurrencyPicker({ label, value, onChange, hint, disabled, className, id }: Props) {
  const madeId = useId();
  const selectId = id ?? `${madeId}-currency`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const [filter, setFilter] = useState('');
  const { data } = useGetCurrenciesQuery();
  const { popular, others } = currencyOptions(data, filter, value);
  const count = popular.length + others.length;

  function onFilterKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter chooses, never submits the form around the picker.
    event.preventDefault();
    const matched = currencyOptions(data, filter, '');
    const first = matched.popular[0] ?? matched.others[0];
    if (first && first.code !== value) onChange(first.code);
  }

  const optionsOf = (options: CurrencyOption[]) =>
    options.map((option) => (
      <option key={option.code} value={option.code}>
        {optionLabel(option)}
      </option>
    ));

  return (
    <div className={['field', 'currency-picker', className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId}>{label}</label>
      <div className="currency-picker__row">
        <select
          id={selectId}
          value={value}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
        >
          {popular.length > 0 && <optgroup label="Most used">{optionsOf(popular)}</optgroup>}
          {others.length > 0 && <optgroup label="All currencies">{optionsOf(others)}</optgroup>}
        </select>
        <input
          type="search"
          className="currency-picker__filter"
          value={filter}
          disabled={disabled}
          placeholder="Find…"
          aria-label="Find a currency"
          aria-controls={selectId}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={onFilterKey}
        />
      </div>
      {filter.trim() !== '' && (
        <small className="sr-only" aria-live="polite">
          {count === 1 ? '1 currency matches' : `${count} currencies match`}
        </small>
      )}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}
