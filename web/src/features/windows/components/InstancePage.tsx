// Instance details: view and edit the name, dates, expenses and notes, with a live
// total. Saving sends only the fields changed since the form was opened, against the
// trip version it was opened on (If-Match); a 412 is merged by field and only the same
// field changed on both sides is shown as a conflict (ADR 0026). A window with cost
// items shows its expenses as the server calculated them from the items, read-only
// (ADR 0020). A session that ends while the form is open keeps its values for after the
// next login.
import { Field, FormActions, FormError } from '../../../components/Form';
import { MoneyInput } from '../../../components/MoneyInput';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SmartImage } from '../../../components/SmartImage';
import { digitsOf, formatDateRange, formatMoney, formatSlashDate } from '../../../lib/format';
import { amountOf, fromMinorUnits, shareOf, TEXT_LIMITS, totalMinorUnits } from '@tripcost/shared/domain';
import { LimitedTextField } from '../../../components/TextLimit';
import type { Instance, Trip, TripCostsHidden } from '../../../lib/types';
import {
  canEdit,
  costsHidden,
  HiddenCostsTrip,
  lostAccess,
  NoAccess,
  TripRoleProvider,
  useLiveTrip,
} from '../../sharing';
import { useGetInstanceQuery } from '../api';
import { instanceInputFrom, isItemised } from '../form';
import { WINDOW_FIELD_NAMES, type Choice, type Conflict } from '../../../lib/merge';
import { TripCurrencyProvider } from '../../currencies';
import { ConflictChoice, conflictRowOf, type ConflictRow } from '../../saving';
import { CostItems } from '../../cost-items';
import { PresenceEditor } from '../../shares';
import { CheckPrices, FreshnessLine } from './PriceChecks';
import {
  toForm,
  useWindowFormState,
  useWindowSave,
  type FormControl,
  type FormState,
  type WindowSave,
} from './useWindowForm';

// Weather arrives from the network after the window: its code loads beside it, not in the page's first load.
const WindowWeather = lazy(() => import('./WindowWeather').then((m) => ({ default: m.WindowWeather })));

function shown(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field.endsWith('_expense')) return formatMoney(Math.abs(amountOf(value)), currency);
  if (field === 'trip_start' || field === 'trip_end') return formatSlashDate(String(value));
  return String(value);
}

function conflictRow(conflict: Conflict, currency: string): ConflictRow {
  return {
    ...conflictRowOf(conflict, WINDOW_FIELD_NAMES, (field, value) => shown(field, value, currency)),
    locked: conflict.locked,
    lockedWhy: 'now calculated from cost items',
  };
}

const EXPENSES: { key: keyof FormState; label: string }[] = [
  { key: 'stay', label: 'Stay (Lodging)' },
  { key: 'travel', label: 'Travel Costs' },
  { key: 'car', label: 'Car Rental' },
  { key: 'other', label: 'Other Expenses' },
];

/** Back to the trip, a member's change arriving live, the photo, and the window's price checks. */
function WindowHeader({ trip, instance, note }: { trip: Trip; instance: Instance; note: string | null }) {
  return (
    <>
      <Link to={`/trips/${trip._id}`} className="back-link">
        ← Back to Trip Overview
      </Link>
      {note && (
        <p className="live-note" role="status">
          {note}
        </p>
      )}
      <section className="hero hero--compact">
        <SmartImage className="hero__image" src={trip.image_url} alt={`Photo of ${trip.location_address}`} />
        <div className="hero__overlay">
          <h1>{trip.location_address}</h1>
          <p>{formatDateRange(instance.trip_start, instance.trip_end, formatSlashDate)}</p>
        </div>
      </section>
      <div className="window-prices">
        <FreshnessLine window={instance} />
        <CheckPrices window={instance} />
      </div>
    </>
  );
}

interface WindowFormProps {
  trip: Trip;
  instance: Instance;
  form: FormState;
  control: FormControl;
  save: WindowSave;
}

/** The name, the dates and the expenses (typed, or calculated from the cost items and read-only). */
function WindowFields({ trip, instance, form, control, save }: WindowFormProps) {
  const { editing } = control;
  const { setField } = save;
  const fromItems = isItemised(instance);
  // The items' sums as last answered, even when items changed while the form was open.
  const expenses = fromItems ? toForm(instance) : form;
  return (
    <>
      <LimitedTextField
        label="Window name"
        max={TEXT_LIMITS.windowName}
        type="text"
        disabled={!editing}
        placeholder={editing ? 'e.g. Spring break' : ''}
        value={form.label}
        onChange={(e) => setField('label', e.target.value)}
      />
      <fieldset className="fieldset" disabled={!editing}>
        <legend>Trip Dates</legend>
        <div className="form--grid">
          <Field label="Start Date">
            <input type="date" value={form.start} onChange={(e) => setField('start', e.target.value)} />
          </Field>
          <Field label="End Date">
            <input type="date" value={form.end} onChange={(e) => setField('end', e.target.value)} />
          </Field>
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
            <Field label={label} key={key}>
              {editing && !fromItems ? (
                (control) => (
                  <MoneyInput
                    {...control}
                    currency={trip.currency}
                    value={form[key]}
                    onChange={(amount) => setField(key, amount)}
                  />
                )
              ) : (
                <output className="field__value">
                  {formatMoney(Math.abs(amountOf(expenses[key])), trip.currency)}
                </output>
              )}
            </Field>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The window's form: its fields, notes, the total and what a save says. */
function WindowForm(props: WindowFormProps) {
  const { trip, instance, form, control, save } = props;
  const { editing, error, setError, setForm } = control;
  const { setField, stopEditing, saving, conflict } = save;
  // A viewer reads the window: no Edit, and the items below are read-only too (TripRoleProvider).
  const editable = canEdit(trip.role);
  const fromItems = isItemised(instance);
  const expenses = fromItems ? toForm(instance) : form;
  // Summed and shared in minor units by the shared core, as the server does for the saved window.
  const digits = digitsOf(trip.currency);
  const units = totalMinorUnits(instanceInputFrom(expenses), digits);
  const travellers = trip.travelers ?? 1;
  const settle = (choice: Choice) => save.settle(choice, instance);
  return (
    <form
      className="panel form"
      onSubmit={(event) => save.onSubmit(event, trip, instance)}
      aria-labelledby="instance-form-heading"
    >
      <div className="section-header">
        <h2 id="instance-form-heading">Trip Details &amp; Expenses</h2>
        {!editing && editable && (
          <button type="button" className="btn btn--secondary" onClick={() => save.startEditing(trip, instance)}>
            Edit
          </button>
        )}
      </div>
      <WindowFields {...props} />
      <LimitedTextField
        label="Notes"
        max={TEXT_LIMITS.windowNotes}
        multiline
        rows={3}
        disabled={!editing}
        value={form.notes}
        onChange={(e) => setField('notes', e.target.value)}
      />
      <FormError message={error} />
      {conflict && (
        <ConflictChoice
          title="This window changed elsewhere while you edited it."
          rows={conflict.conflicts.map((c) => conflictRow(c, trip.currency))}
          onChoose={settle}
          busy={saving}
        />
      )}
      <p className="total-line" aria-live="polite">
        Total Cost: <strong>{formatMoney(fromMinorUnits(units, digits), trip.currency)}</strong>
        {travellers > 1 && ` · ${formatMoney(shareOf(units, travellers, digits), trip.currency)} per person`}
      </p>
      {editing && (
        <FormActions
          onCancel={() => {
            stopEditing();
            setError('');
            setForm(toForm(instance));
          }}
          submitLabel="Save Changes"
          busy={saving && 'Saving…'}
          disabled={Boolean(conflict)}
        />
      )}
    </form>
  );
}

export default function InstancePage() {
  const { tripId = '', instanceId = '' } = useParams();
  const { data, isLoading, isError, error: loadError } = useGetInstanceQuery({ tripId, instanceId });
  const live = useLiveTrip(tripId, data?.trip);
  // A viewer of hidden costs was sent no figures: the trip's read-only page, never a cost form.
  const answered: Trip | TripCostsHidden | undefined = data?.trip;
  const hidden = answered !== undefined && costsHidden(answered);
  const control = useWindowFormState(data, hidden);
  const save = useWindowSave({ tripId, instanceId }, control);
  const { form } = control;

  if (isLoading) return <p className="page-message">Loading trip details...</p>;
  if (live.revoked || lostAccess(loadError)) return <NoAccess />;
  if (answered && costsHidden(answered)) return <HiddenCostsTrip trip={answered} note={live.note} />;
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
  return (
    <TripRoleProvider value={trip.role}>
      <TripCurrencyProvider currency={trip.currency}>
        <main className="page page--narrow">
          <WindowHeader trip={trip} instance={instance} note={live.note} />
          <WindowForm trip={trip} instance={instance} form={form} control={control} save={save} />
          <CostItems
            tripId={tripId}
            instance={instance}
            travellers={trip.travelers ?? 1}
            version={trip.version}
            people={trip.people ?? []}
          />
          {(trip.people ?? []).length > 0 && (
            <Suspense fallback={null}>
              <PresenceEditor key={instance._id} trip={trip} window={instance} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <WindowWeather
              location={trip.trip_location || trip.location_address}
              start={instance.trip_start}
              end={instance.trip_end}
            />
          </Suspense>
        </main>
      </TripCurrencyProvider>
    </TripRoleProvider>
  );
}
