// The trip's currency, changed in the open (docs/adr/0064): choosing another first shows
// what the change converts — each amount held in the trip's currency, before → after at
// the rate it will use, and each cost item's rate before and after, each rate with its day
// and source (marked when over a week old) — and asks to confirm. Once changed, the same
// list says what the server did. A trip holding nothing to convert changes at once.
import { useState } from 'react';
import type { RateTable } from '@tripcost/shared/domain';
import type { Trip } from '../../lib/types';
import { useGetRatesQuery } from './api';
import { conversionRows, type ConversionRow } from './conversion';
import { CurrencyPicker } from './CurrencyPicker';
import './currencyChange.css';

function ConversionTable({ caption, rows }: { caption: string; rows: ConversionRow[] }) {
  return (
    <div className="currency-change__scroll">
      <table className="currency-change__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
            <th scope="col">Rate before</th>
            <th scope="col">Rate after</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.what}>
              <th scope="row">{row.what}</th>
              <td>{row.amount ? `${row.amount.before} → ${row.amount.after}` : 'kept in its own currency'}</td>
              <td>{row.rate.before}</td>
              <td>{row.rate.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Props {
  trip: Trip;
  disabled: boolean;
  /** Saves the new currency: the trip as the server answered, or null when it was refused (said elsewhere). */
  save: (currency: string) => Promise<Trip | null>;
}

export function TripCurrencySetting({ trip, disabled, save }: Props) {
  const [pending, setPending] = useState<string | null>(null);
  const [done, setDone] = useState<{ before: Trip; after: Trip; table: RateTable | null } | null>(null);
  const rates = useGetRatesQuery(undefined, { skip: pending === null });
  const table: RateTable | null = rates.data ?? null;

  async function change(to: string) {
    const before = trip;
    setPending(null);
    const after = await save(to);
    if (after) setDone({ before, after, table });
  }

  function choose(next: string) {
    setDone(null);
    if (next === trip.currency) return setPending(null);
    // Nothing held in the trip's currency and no item: nothing to show before the change.
    if (conversionRows({ before: trip, to: next, table: null }).length === 0) return void change(next);
    setPending(next);
  }

  return (
    <>
      <CurrencyPicker
        label="Trip currency"
        className="trip-settings__currency"
        value={pending ?? trip.currency}
        disabled={disabled}
        onChange={choose}
        hint={`Every figure of this trip is in ${trip.currency}. Changing it: amounts held in ${trip.currency} are converted at today’s rate; cost items keep their own currency.`}
      />
      {pending && (
        <section className="currency-change" aria-label={`Change the trip currency to ${pending}`}>
          <p>
            {rates.isError
              ? 'Today’s rates cannot be had right now: the change will be refused if the server cannot have them either.'
              : `Changing to ${pending} converts these at today’s rates:`}
          </p>
          <ConversionTable
            caption={`${trip.currency} → ${pending}, before the change`}
            rows={conversionRows({ before: trip, to: pending, table })}
          />
          <div className="currency-change__actions">
            <button type="button" className="btn btn--primary btn--sm" onClick={() => void change(pending)}>
              Change to {pending}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPending(null)}>
              Keep {trip.currency}
            </button>
          </div>
        </section>
      )}
      {done && (
        <section className="currency-change" aria-label={`Trip currency changed to ${done.after.currency}`}>
          <ConversionTable
            caption={`Converted from ${done.before.currency} to ${done.after.currency}`}
            rows={conversionRows({
              before: done.before,
              to: done.after.currency,
              table: done.table,
              after: done.after,
            })}
          />
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDone(null)}>
            Close
          </button>
        </section>
      )}
    </>
  );
}
