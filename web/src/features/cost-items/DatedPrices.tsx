// The cost-item editor's date-dependent prices: "Price varies by date" (a weekend rate
// and seasons) for the bases counted per night or per day, "Prices seen for exact dates"
// (quotes) for the total and per-person ones. Both sections fold away: most items have a
// single price, so the form loads them as a chunk of their own (the window page's budget).
import { MAX_QUOTES, MAX_SEASONS } from '@tripcost/shared/domain';
import type { ReactNode } from 'react';
import { Field, FormError, type ControlProps } from '../../components/Form';
import { MoneyInput } from '../../components/MoneyInput';
import { todayDateInput } from '../../lib/format';
import type { CostBasis } from '../../lib/types';
import {
  datedProblem,
  droppedByBasis,
  quotesApply,
  ratesApply,
  reversed,
  rowKey,
  type DatedState,
  type QuoteRow,
  type SeasonRow,
} from './datedPrices';

interface Props {
  basis: CostBasis;
  /** The item's currency: its prices are typed in it. */
  currency: string;
  value: DatedState;
  onChange: (next: DatedState) => void;
}

/** A row's field: a visible short label, read as "Season 2 from" by screen readers. */
function RowField({
  row = '',
  label,
  error,
  children,
}: {
  row?: string;
  label: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <Field
      label={
        <>
          {row && <span className="sr-only">{row} </span>}
          {label}
        </>
      }
      error={error}
      className="cost-item__field dated-prices__field"
      labelClassName="cost-item__field-label"
    >
      {children}
    </Field>
  );
}

function Rows<Row extends { key: number }>({
  legend,
  rows,
  max,
  addLabel,
  blank,
  onChange,
  fields,
}: {
  legend: string;
  rows: Row[];
  max: number;
  addLabel: string;
  blank: () => Row;
  onChange: (rows: Row[]) => void;
  fields: (row: Row, name: string, set: (change: Partial<Row>) => void) => ReactNode;
}) {
  const singular = legend.replace(/s$/, '');
  return (
    <fieldset className="dated-prices__rows">
      <legend>{legend}</legend>
      {rows.map((row, index) => {
        const name = `${singular} ${index + 1}`;
        const set = (change: Partial<Row>) => onChange(rows.map((r) => (r.key === row.key ? { ...r, ...change } : r)));
        return (
          <div key={row.key} className="dated-prices__row" role="group" aria-label={name}>
            {fields(row, name, set)}
            <button
              type="button"
              className="btn btn--ghost btn--sm dated-prices__remove"
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              Remove <span className="sr-only">{name}</span>
            </button>
          </div>
        );
      })}
      <p className="dated-prices__add">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, blank()])}
        >
          {addLabel}
        </button>{' '}
        {rows.length >= max && <small className="hint">At most {max}.</small>}
      </p>
    </fieldset>
  );
}

function dateInput(value: string, set: (value: string) => void) {
  return (control: ControlProps) => (
    <input {...control} type="date" value={value} required onChange={(e) => set(e.target.value)} />
  );
}

function moneyInput(value: string, set: (value: string) => void, currency: string, required = true) {
  return (control: ControlProps) => (
    <MoneyInput {...control} currency={currency} value={value} required={required} onChange={set} />
  );
}

function SeasonFields({ value, onChange, basis, currency }: Props) {
  const night = basis === 'per_day' ? 'day' : 'night';
  return (
    <details className="dated-prices" open={value.weekend !== '' || value.seasons.length > 0}>
      <summary>Price varies by date</summary>
      <p className="hint">
        A season’s rate beats the weekend rate, which beats the amount above, for each {night} it covers.
      </p>
      <RowField label={`Weekend rate (Fri/Sat ${night}s)`}>
        {moneyInput(value.weekend, (weekend) => onChange({ ...value, weekend }), currency, false)}
      </RowField>
      <Rows<SeasonRow>
        legend="Seasons"
        rows={value.seasons}
        max={MAX_SEASONS}
        addLabel="+ Add season"
        blank={() => ({ key: rowKey(), from: '', to: '', amount: '' })}
        onChange={(seasons) => onChange({ ...value, seasons })}
        fields={(row, name, set) => (
          <>
            <RowField row={name} label="From">
              {dateInput(row.from, (from) => set({ from }))}
            </RowField>
            <RowField
              row={name}
              label="To (included)"
              error={reversed(row.from, row.to) ? 'Ends before it starts.' : undefined}
            >
              {dateInput(row.to, (to) => set({ to }))}
            </RowField>
            <RowField row={name} label={`Rate per ${night}`}>
              {moneyInput(row.amount, (amount) => set({ amount }), currency)}
            </RowField>
          </>
        )}
      />
    </details>
  );
}

function QuoteFields({ value, onChange, currency }: Props) {
  return (
    <details className="dated-prices" open={value.quotes.length > 0}>
      <summary>Prices seen for exact dates</summary>
      <p className="hint">A window with exactly these dates uses this price instead of the amount above.</p>
      <Rows<QuoteRow>
        legend="Prices"
        rows={value.quotes}
        max={MAX_QUOTES}
        addLabel="+ Add price for exact dates"
        blank={() => ({ key: rowKey(), start: '', end: '', amount: '', captured_on: todayDateInput() })}
        onChange={(quotes) => onChange({ ...value, quotes })}
        fields={(row, name, set) => (
          <>
            <RowField row={name} label="Start">
              {dateInput(row.start, (start) => set({ start }))}
            </RowField>
            <RowField
              row={name}
              label="End"
              error={reversed(row.start, row.end) ? 'Ends before it starts.' : undefined}
            >
              {dateInput(row.end, (end) => set({ end }))}
            </RowField>
            <RowField row={name} label="Amount">
              {moneyInput(row.amount, (amount) => set({ amount }), currency)}
            </RowField>
            <RowField row={name} label="Seen on">
              {(control: ControlProps) => (
                <input
                  {...control}
                  type="date"
                  value={row.captured_on}
                  onChange={(e) => set({ captured_on: e.target.value })}
                />
              )}
            </RowField>
          </>
        )}
      />
    </details>
  );
}

/**
 * The section that fits the basis, what cannot be saved yet and why, and what switching
 * basis would remove (said, never done silently).
 */
export function DatedPriceFields(props: Props) {
  // A row that ends before it starts says so beside its end date; the section says the rest.
  const { value, basis } = props;
  const saidInRow =
    (ratesApply(basis) && value.seasons.some((row) => reversed(row.from, row.to))) ||
    (quotesApply(basis) && value.quotes.some((row) => reversed(row.start, row.end)));
  const problem = saidInRow ? null : datedProblem(value, basis);
  const dropped = droppedByBasis(value, basis);
  return (
    <div className="dated-prices__block">
      {ratesApply(props.basis) && <SeasonFields {...props} />}
      {quotesApply(props.basis) && <QuoteFields {...props} />}
      {dropped && <p className="hint dated-prices__dropped">{dropped}</p>}
      <FormError message={problem} className="dated-prices__problem" />
    </div>
  );
}
