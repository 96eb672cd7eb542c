// Accessible city autocomplete (WAI-ARIA combobox with a listbox popup): arrows move,
// Enter picks, Escape closes, the active option is announced through aria-activedescendant.
import { NEEDS_CONNECTION, useIsOffline } from '../../../components/OfflineBanner';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import type { PlaceSuggestion } from '../../../lib/types';
import { useAutocompleteCitiesQuery } from '../api';
import './search.css';

const MIN_CHARS = 2;
const LIMIT = 8;

interface CityComboboxProps {
  onSelect: (place: PlaceSuggestion) => void;
  onType: () => void;
}

/** The suggestions as a listbox: the active one follows the keyboard and the pointer. */
function CityOptions({
  listId,
  options,
  expanded,
  active,
  optionId,
  setActive,
  pick,
}: {
  listId: string;
  options: PlaceSuggestion[];
  expanded: boolean;
  active: number;
  optionId: (i: number) => string;
  setActive: (i: number) => void;
  pick: (place: PlaceSuggestion) => void;
}) {
  return (
    <ul id={listId} role="listbox" aria-label="City suggestions" className="combobox__list" hidden={!expanded}>
      {options.map((place, i) => (
        <li
          key={place.place_id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={`combobox__option ${i === active ? 'combobox__option--active' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => setActive(i)}
          onClick={() => pick(place)}
        >
          <span className="combobox__main">{place.main_text ?? place.description}</span>
          {place.secondary_text && <span className="combobox__secondary">{place.secondary_text}</span>}
        </li>
      ))}
    </ul>
  );
}

export function CityCombobox({ onSelect, onType }: CityComboboxProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), 200);
  const offline = useIsOffline();
  const { data, isFetching, isError } = useAutocompleteCitiesQuery(
    { input: query, limit: LIMIT },
    { skip: query.length < MIN_CHARS },
  );
  const options = query.length >= MIN_CHARS && data ? data : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  function pick(place: PlaceSuggestion) {
    setText(place.description);
    setOpen(false);
    setActive(-1);
    onSelect(place);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && options[active]) {
        event.preventDefault();
        pick(options[active]);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
        onType();
      }
    }
  }

  const showNoMatch = open && !isFetching && !isError && query.length >= MIN_CHARS && data && data.length === 0;

  return (
    <div className="combobox">
      <label className="field" htmlFor={`${baseId}-input`}>
        <span>City</span>
      </label>
      <input
        id={`${baseId}-input`}
        className="combobox__input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Start typing a city, e.g. Lisbon"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          onType();
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <CityOptions
        listId={listId}
        options={options}
        expanded={expanded}
        active={active}
        optionId={optionId}
        setActive={setActive}
        pick={pick}
      />
      <p className="sr-only" aria-live="polite">
        {expanded ? `${options.length} suggestions available` : ''}
      </p>
      {showNoMatch && <p className="muted combobox__empty">No matching cities</p>}
      {(isError || offline) && open && (
        <p className="muted combobox__empty">
          {offline
            ? `City suggestions: ${NEEDS_CONNECTION.toLowerCase()}`
            : 'City suggestions are unavailable right now.'}
        </p>
      )}
    </div>
  );
}
