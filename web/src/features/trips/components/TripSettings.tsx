// The trip header's travellers (a 1–50 stepper), budget (money, clearable, for the
// whole trip or per person) and currency (every figure of the trip is in it), each saved
// in place as soon as it changes; a refused save
// shows the server's message and the field goes back to the saved value. Saves carry
// the trip version shown: a change made elsewhere meanwhile is merged by field, and
// only the same field changed on both sides asks which value to keep (ADR 0026).
import { FormError } from '../../../components/Form';
import { MoneyInput } from '../../../components/MoneyInput';
import { currencySymbol, plainDecimal } from '@tripcost/shared/domain';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { tripChanges, type Choice } from '../../../lib/merge';
import { formatMoney } from '../../../lib/format';
import type { Trip } from '../../../lib/types';
import { budgetBasisOf, budgetLabel, type BudgetBasis } from '../../../lib/budget';
import { TripCurrencySetting } from '../../currencies';
import { useCanEdit } from '../../sharing';
import { ConflictChoice, conflictRowOf, useSaveConflict } from '../../saving';
import { useSaveTripSettingsMutation, type TripSettingsChange } from '../api';
import './tripSettings.css';

const MAX_TRAVELERS = 50;

const budgetText = (budget: number | null | undefined) =>
  budget === null || budget === undefined ? '' : String(budget);

const FIELD_NAMES: Record<string, string> = { travelers: 'Travellers', budget: 'Budget', currency: 'Currency' };

function shownSetting(field: string, value: unknown, currency: string): string {
  if (field === 'budget')
    return value === null || value === undefined ? 'No budget' : formatMoney(Number(value), currency);
  return String(value);
}

/** Where the currency setting goes while its chunk loads: the trip's currency, not yet changeable. */
function CurrencyLoading({ currency }: { currency: string }) {
  return (
    <div className="field" aria-busy="true">
      <span>Trip currency</span>
      <span className="muted">{currency}</span>
    </div>
  );
}

export function TripSettings({ trip }: { trip: Trip }) {
  // A viewer reads the settings; only members who may edit get the controls.
  return useCanEdit() ? <EditableSettings trip={trip} /> : <ReadOnlySettings trip={trip} />;
}

/** The settings as text: what a viewer sees (the server would refuse them a change). */
function ReadOnlySettings({ trip }: { trip: Trip }) {
  const budget =
    trip.budget === null || trip.budget === undefined
      ? 'No budget'
      : `${formatMoney(trip.budget, trip.currency)} ${budgetBasisOf(trip) === 'per_person' ? 'per person' : 'for the trip'}`;
  return (
    <dl className="trip-settings trip-settings__facts" aria-label="Trip settings">
      <div>
        <dt>Travellers</dt>
        <dd>{trip.travelers ?? 1}</dd>
      </div>
      <div>
        <dt>Budget</dt>
        <dd>{budget}</dd>
      </div>
      <div>
        <dt>Trip currency</dt>
        <dd>{trip.currency}</dd>
      </div>
    </dl>
  );
}

/**
 * The settings' saves, one after another: each measures its change from the newest trip
 * this tab knows (the shown one, or the answer to its own last save), so two quick
 * clicks never look like a conflict with this tab itself. A 412 both sides changed is
 * the save home's one conflict handling (useSaveConflict).
 */
function useSettingsSave(trip: Trip) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const conflicts = useSaveConflict();
  const [save, { isLoading }] = useSaveTripSettingsMutation();
  const latest = useRef(trip);
  useEffect(() => {
    if ((trip.version ?? 0) >= (latest.current.version ?? 0)) latest.current = trip;
  }, [trip]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  /** The trip as the server answered the save; null when it was refused (and said so). */
  function saveSettings(settings: TripSettingsChange, undo: () => void, on?: Trip): Promise<Trip | null> {
    setError('');
    conflicts.clear();
    setStatus('Saving…');
    const saved = queue.current.then(async () => {
      const base = on ?? latest.current;
      try {
        latest.current = await save({ tripId: trip._id, version: base.version, base, ...settings }).unwrap();
        setStatus('Saved');
        return latest.current;
      } catch (failure) {
        setStatus('');
        if (conflicts.caught(failure)) return null;
        undo();
        setError(errorMessage(failure, 'Failed to save. Please try again.'));
        return null;
      }
    });
    queue.current = saved.then(() => undefined);
    return saved;
  }

  /** Keep mine: sent again on the version stored now; take theirs: the stored value stays (shown by the refetch). */
  function settle(choice: Choice) {
    const settled = conflicts.settle(choice);
    if (!settled) return;
    const fields = tripChanges(settled.fields);
    if (Object.keys(fields).length === 0) return;
    void saveSettings(fields, () => undefined, settled.trip);
  }

  return { saveSettings, settle, conflict: conflicts.conflict, error, status, isLoading };
}

function TravellersStepper({ id, travelers, step }: { id: string; travelers: number; step: (by: number) => void }) {
  return (
    <div className="field">
      <span id={`${id}-travelers`}>Travellers</span>
      <div className="stepper" role="group" aria-labelledby={`${id}-travelers`}>
        <button type="button" aria-label="Fewer travellers" disabled={travelers <= 1} onClick={() => step(-1)}>
          −
        </button>
        <output aria-live="polite" aria-label="Travellers">
          {travelers}
        </output>
        <button
          type="button"
          aria-label="More travellers"
          disabled={travelers >= MAX_TRAVELERS}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

interface BudgetFormProps {
  id: string;
  trip: Trip;
  budget: string;
  setBudget: (text: string) => void;
  saveBudget: (text: string) => void;
  basis: BudgetBasis;
  saveBasis: (basis: BudgetBasis) => void;
}

function BudgetForm({ id, trip, budget, setBudget, saveBudget, basis, saveBasis }: BudgetFormProps) {
  function onBudgetSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A budget the field refuses is not sent (a form submitted without a button may skip the browser's check).
    if (!event.currentTarget.checkValidity()) return;
    saveBudget(budget);
  }
  return (
    <form className="field trip-settings__budget" onSubmit={onBudgetSubmit}>
      <label htmlFor={id}>Budget ({currencySymbol(trip.currency)})</label>
      <div className="trip-settings__budget-row">
        <MoneyInput
          id={id}
          currency={trip.currency}
          placeholder="No budget"
          value={budget}
          onChange={setBudget}
          // A budget the field refuses is said there and not saved.
          onBlur={(event) => {
            if (event.currentTarget.validity.valid) saveBudget(budget);
          }}
        />
        {budget !== '' && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label="Clear budget"
            onClick={() => {
              setBudget('');
              saveBudget('');
            }}
          >
            ×
          </button>
        )}
        <label className="trip-settings__basis">
          <span className="sr-only">Budget applies</span>
          <select
            className="control--compact"
            value={basis}
            onChange={(event) => saveBasis(event.target.value as BudgetBasis)}
          >
            <option value="trip">for the trip</option>
            <option value="per_person">per person</option>
          </select>
        </label>
      </div>
      {budgetLabel(trip) && <p className="muted trip-settings__saved-budget">{budgetLabel(trip)}</p>}
    </form>
  );
}

function EditableSettings({ trip }: { trip: Trip }) {
  const savedTravelers = trip.travelers ?? 1;
  const [travelers, setTravelers] = useState(savedTravelers);
  const [budget, setBudget] = useState(budgetText(trip.budget));
  const savedBasis = budgetBasisOf(trip);
  const [basis, setBasis] = useState<BudgetBasis>(savedBasis);
  const { saveSettings, settle, conflict, error, status, isLoading } = useSettingsSave(trip);
  const budgetId = useId();
  // The budget last sent, so Enter followed by a blur saves once.
  const sentBudget = useRef<number | null | undefined>(trip.budget ?? null);

  // Follow the saved values when the trip changes (another tab, a refetch).
  useEffect(() => setTravelers(savedTravelers), [savedTravelers]);
  useEffect(() => setBasis(savedBasis), [savedBasis]);
  useEffect(() => {
    setBudget(budgetText(trip.budget));
    sentBudget.current = trip.budget ?? null;
  }, [trip.budget]);

  function step(by: number) {
    const next = Math.min(MAX_TRAVELERS, Math.max(1, travelers + by));
    if (next === travelers) return;
    const previous = travelers;
    setTravelers(next);
    void saveSettings({ travelers: next }, () => setTravelers(previous));
  }

  function saveBudget(text: string) {
    const trimmed = text.trim();
    // The budget field hands a plain decimal of what it read (MoneyInput), or '' for none.
    const next = trimmed === '' ? null : plainDecimal(trimmed);
    if (next === sentBudget.current || Number.isNaN(next)) return;
    sentBudget.current = next;
    void saveSettings({ budget: next }, () => {
      sentBudget.current = trip.budget ?? null;
      setBudget(budgetText(trip.budget));
    });
  }

  function saveBasis(next: BudgetBasis) {
    if (next === basis) return;
    const previous = basis;
    setBasis(next);
    void saveSettings({ budget_basis: next }, () => setBasis(previous));
  }

  return (
    <div className="trip-settings">
      {(trip.people ?? []).length > 0 ? (
        // Once people are named, the travellers are their count (issue 40): changed in the People panel.
        <div className="field">
          <span>Travellers</span>
          <span>{trip.people.length} (the people named)</span>
        </div>
      ) : (
        <TravellersStepper id={budgetId} travelers={travelers} step={step} />
      )}
      <BudgetForm
        id={budgetId}
        trip={trip}
        budget={budget}
        setBudget={setBudget}
        saveBudget={saveBudget}
        basis={basis}
        saveBasis={saveBasis}
      />
      {/* The server converts the budget and plain amounts and re-prices every item at today's rates. */}
      <Suspense fallback={<CurrencyLoading currency={trip.currency} />}>
        <TripCurrencySetting
          trip={trip}
          disabled={isLoading}
          save={(currency) => saveSettings({ currency }, () => undefined)}
        />
      </Suspense>
      <p className="muted trip-settings__status" role="status">
        {isLoading ? 'Saving…' : status}
      </p>
      <FormError message={error} />
      {conflict && (
        <ConflictChoice
          title="This trip changed elsewhere."
          rows={conflict.conflicts.map((c) =>
            conflictRowOf(c, FIELD_NAMES, (field, value) => shownSetting(field, value, trip.currency)),
          )}
          onChoose={settle}
          busy={isLoading}
        />
      )}
    </div>
  );
}
