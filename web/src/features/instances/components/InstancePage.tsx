// Instance details: view and edit the dates and expenses, with a live total. Saving
// sends only the fields changed, against the trip version shown (If-Match). A window
// with cost items shows its expenses as the server calculated them from the items,
// read-only (ADR 0020).
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange, formatMoney, formatSlashDate, toDateInput } from '../../../lib/format';
import { amountOf } from '@tripcost/shared/domain';
import { errorMessage, isConflict } from '../../../lib/api';
import type { Instance } from '../../../lib/types';
import { useGetInstanceQuery, useSaveInstanceMutation } from '../api';
import { changedFields, instanceInputFrom, isItemised, type InstanceForm } from '../form';
import { CHANGED_ELSEWHERE, SAVE_FAILED } from '../messages';
import { CostItems } from './CostItems';
import { WindowWeather } from './WindowWeather';

type FormState = InstanceForm;

const EXPENSES: { key: keyof FormState; label: string }[] = [
  { key: 'stay', label: 'Stay (Lodging)' },
  { key: 'travel', label: 'Travel Costs' },
  { key: 'car', label: 'Car Rental' },
  { key: 'other', label: 'Other Expenses' },
];

function toForm(instance: Instance): FormState {
  const amount = (v: unknown) => String(amountOf(v));
  return {
    start: toDateInput(instance.trip_start),
    end: toDateInput(instance.trip_end),
    stay: amount(instance.stay_expense),
    travel: amount(instance.travel_expense),
    car: amount(instance.car_expense),
    other: amount(instance.other_expense),
  };
}

/** Numeric or empty, nothing else. */
const NUMERIC_OR_EMPTY = /^\d*(\.\d*)?$/;

export default function InstancePage() {
  const { tripId = '', instanceId = '' } = useParams();
  const { data, isLoading, isError } = useGetInstanceQuery({ tripId, instanceId });
  const [saveInstance, { isLoading: saving }] = useSaveInstanceMutation();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormState | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (data?.instance && !editing) setForm(toForm(data.instance));
  }, [data, editing]);

  if (isLoading) return <p className="page-message">Loading trip details...</p>;
  if (isError || !data?.instance || !data.trip || !form) {
    return (
      <main className="page page-message">
        <p>Trip instance not found</p>
        <Link to="/explore" className="btn btn--primary">
          Return to Explore
        </Link>
      </main>
    );
  }

  const { trip, instance } = data;
  const fromItems = isItemised(instance);
  // The items' sums as last answered, even when items changed while the form was open.
  const expenses = fromItems ? toForm(instance) : form;
  const total = EXPENSES.reduce((sum, { key }) => sum + Math.abs(amountOf(expenses[key])), 0);

  function setField(key: keyof FormState, value: string) {
    if (key !== 'start' && key !== 'end' && !NUMERIC_OR_EMPTY.test(value)) return;
    setError('');
    setForm((f) => (f ? { ...f, [key]: value } : f));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!editing || saving || !form) return;
    setError('');
    const changes = changedFields(instance, instanceInputFrom(form));
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    try {
      await saveInstance({
        tripId: trip._id,
        instanceId: instance._id,
        version: trip.version,
        base: instance,
        changes,
      }).unwrap();
      setEditing(false);
    } catch (failure) {
      if (isConflict(failure)) {
        // The trip is refetched (see saveInstance); show what is stored now.
        setEditing(false);
        setError(CHANGED_ELSEWHERE);
      } else {
        setError(errorMessage(failure, SAVE_FAILED));
      }
    }
  }

  return (
    <main className="page page--narrow">
      <Link to={`/trips/${trip._id}`} className="back-link">
        ← Back to Trip Overview
      </Link>
      <section className="hero hero--compact">
        <SmartImage className="hero__image" src={trip.image_url} alt={`Photo of ${trip.location_address}`} />
        <div className="hero__overlay">
          <h1>{trip.location_address}</h1>
          <p>{formatDateRange(instance.trip_start, instance.trip_end, formatSlashDate)}</p>
        </div>
      </section>
      <form className="panel form" onSubmit={onSubmit} aria-labelledby="instance-form-heading">
        <div className="section-header">
          <h2 id="instance-form-heading">Trip Details &amp; Expenses</h2>
          {!editing && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setError('');
                setEditing(true);
              }}
            >
              Edit
            </button>
          )}
        </div>
        <fieldset className="fieldset" disabled={!editing}>
          <legend>Trip Dates</legend>
          <div className="form--grid">
            <label className="field">
              <span>Start Date</span>
              <input type="date" value={form.start} onChange={(e) => setField('start', e.target.value)} />
            </label>
            <label className="field">
              <span>End Date</span>
              <input type="date" value={form.end} onChange={(e) => setField('end', e.target.value)} />
            </label>
          </div>
        </fieldset>
        <fieldset
          className="fieldset"
          disabled={!editing}
          aria-describedby={fromItems ? 'expenses-from-items' : undefined}
        >
          <legend>Expense Breakdown</legend>
          {fromItems && (
            <p id="expenses-from-items" className="hint">
              Calculated from your cost items below. Change an item to change these.
            </p>
          )}
          <div className="form--grid">
            {EXPENSES.map(({ key, label }) => (
              <label className="field" key={key}>
                <span>{label}</span>
                {editing && !fromItems ? (
                  <input
                    type="number"
                    min="0"
                    step="0.01"
                    inputMode="decimal"
                    value={form[key]}
                    onChange={(e) => setField(key, e.target.value)}
                  />
                ) : (
                  <output className="field__value">{formatMoney(Math.abs(amountOf(expenses[key])))}</output>
                )}
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="total-line" aria-live="polite">
          Total Cost: <strong>{formatMoney(total)}</strong>
        </p>
        {editing && (
          <div className="form-actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setEditing(false);
                setError('');
                setForm(toForm(instance));
              }}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save Changes'}
            </button>
          </div>
        )}
      </form>
      <CostItems tripId={trip._id} instance={instance} travellers={trip.travelers ?? 1} />
      <WindowWeather
        location={trip.trip_location || trip.location_address}
        start={instance.trip_start}
        end={instance.trip_end}
      />
    </main>
  );
}
