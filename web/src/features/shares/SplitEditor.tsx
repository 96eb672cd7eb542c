// The split editor on a cost item (issue 40): who paid it, and how it is split — equally
// among everyone or some, by shares, by exact amounts (what is left to assign shown as
// they are typed, "12,50" read as in the traveller's locale) or by nights present. Saved
// with the item's other fields (the caller's save, If-Match and merge included).
import { fromMinorUnits } from '@tripcost/shared/domain';
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { MoneyInput } from '../../components/MoneyInput';
import { digitsOf, formatMoney } from '../../lib/format';
import type { CostItem, Trip } from '../../lib/types';
import {
  remainderOf,
  SPLIT_CHOICES,
  splitOf,
  splitStateOf,
  splitStateProblem,
  type SplitChoice,
  type SplitState,
} from './splitModel';
import { PersonSelect } from './PersonSelect';
import './shares.css';

interface Props {
  item: CostItem;
  people: Trip['people'];
  /** The item's cost in its own currency for this window (exact amounts add up to it). */
  ownCost: number;
  save: (changes: Pick<CostItem, 'paid_by' | 'split'>) => Promise<boolean>;
  close: () => void;
}

function PersonValue({
  person,
  state,
  set,
  currency,
}: {
  person: Trip['people'][number];
  state: SplitState;
  set: (value: string) => void;
  currency: string;
}) {
  const value = state.values[person._id] ?? '';
  if (state.choice === 'among') {
    return (
      <label className="split__person">
        <input type="checkbox" checked={value === 'on'} onChange={(event) => set(event.target.checked ? 'on' : '')} />{' '}
        {person.name}
      </label>
    );
  }
  if (state.choice === 'shares') {
    return (
      <label className="field split__person">
        <span>{person.name}’s shares</span>
        <input
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      </label>
    );
  }
  return (
    <label className="field split__person">
      <span>{person.name}’s amount</span>
      <MoneyInput currency={currency} value={value} onChange={set} />
    </label>
  );
}

export default function SplitEditor({ item, people, ownCost, save, close }: Props) {
  const [state, setState] = useState<SplitState>(() => splitStateOf(item, people));
  const [busy, setBusy] = useState(false);
  const digits = digitsOf(item.currency);
  const problem = splitStateProblem(state, people, { amount: ownCost, currency: item.currency, digits });
  const remainder = state.choice === 'exact' ? remainderOf(state, people, ownCost, digits) : 0n;
  const perPerson = state.choice === 'among' || state.choice === 'shares' || state.choice === 'exact';
  return (
    <form
      className="split"
      aria-label={`Who pays ${item.name}`}
      onSubmit={async (event) => {
        event.preventDefault();
        if (problem || busy) return;
        setBusy(true);
        const saved = await save({ paid_by: state.paidBy || null, split: splitOf(state, people) });
        setBusy(false);
        if (saved) close();
      }}
    >
      {/* Opened by a button: the focus moves into the form it opened. */}
      <PersonSelect
        label="Paid by"
        value={state.paidBy}
        onChange={(paidBy) => setState({ ...state, paidBy })}
        people={people}
        none="No one named"
        autoFocus
      />
      <label className="field">
        <span>Split</span>
        <select
          value={state.choice}
          onChange={(event) => setState({ ...state, choice: event.target.value as SplitChoice, values: {} })}
        >
          {SPLIT_CHOICES.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      {perPerson && (
        <fieldset className="split__people">
          <legend className="sr-only">Each person</legend>
          {people.map((person) => (
            <PersonValue
              key={person._id}
              person={person}
              state={state}
              currency={item.currency}
              set={(value) => setState({ ...state, values: { ...state.values, [person._id]: value } })}
            />
          ))}
        </fieldset>
      )}
      {state.choice === 'exact' && (
        <p className="split__remainder" role="status">
          {remainder === 0n
            ? 'The amounts add up to the item’s cost.'
            : remainder > 0n
              ? `${formatMoney(fromMinorUnits(remainder, digits), item.currency)} left to assign`
              : `${formatMoney(fromMinorUnits(-remainder, digits), item.currency)} over the item’s cost`}
        </p>
      )}
      {state.choice !== 'exact' && <FormError message={problem} />}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || problem !== null}>
          Save split
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
