// "Record a payment" (issue 40): from one person to another, an amount in any currency
// (converted by the server at a rate frozen when it is recorded), the day it was paid and
// a note (counted from 80 % of its limit, never cut: ADR 0064, 0075). The amount is read
// as the traveller types it in their locale (MoneyInput).
import { plainDecimal, TEXT_LIMITS, textLength } from '@tripcost/shared/domain';
import { useState } from 'react';
import { MoneyInput } from '../../components/MoneyInput';
import { LimitedTextField } from '../../components/TextLimit';
import { todayDateInput } from '../../lib/format';
import type { Trip } from '../../lib/types';
import { CurrencyPicker } from '../currencies';
import type { PaymentInput } from './api';
import { PersonSelect } from './PersonSelect';

export function PaymentForm({
  trip,
  record,
  busy,
}: {
  trip: Trip;
  record: (payment: PaymentInput) => Promise<boolean>;
  busy: boolean;
}) {
  const people = trip.people ?? [];
  const [from, setFrom] = useState(people[0]?._id ?? '');
  const [to, setTo] = useState(people[1]?._id ?? '');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(trip.currency);
  const [paidOn, setPaidOn] = useState(todayDateInput());
  const [note, setNote] = useState('');
  if (people.length < 2) return null;
  // A note over its limit is said at the field and keeps every character (ADR 0064).
  const ready = from && to && from !== to && amount !== '' && paidOn && textLength(note) <= TEXT_LIMITS.paymentNote;
  return (
    <details className="balances__record">
      <summary>Record a payment</summary>
      <form
        aria-label="Record a payment"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!ready) return;
          const payment: PaymentInput = { from, to, amount: plainDecimal(amount), currency, paid_on: paidOn };
          if (note.trim()) payment.note = note.trim();
          if (await record(payment)) {
            setAmount('');
            setNote('');
          }
        }}
      >
        <PersonSelect label="From" value={from} onChange={setFrom} people={people} />
        <PersonSelect label="To" value={to} onChange={setTo} people={people} />
        <label className="field">
          <span>Amount</span>
          <MoneyInput currency={currency} value={amount} onChange={setAmount} />
        </label>
        <CurrencyPicker label="Payment currency" value={currency} onChange={setCurrency} />
        <label className="field">
          <span>Paid on</span>
          <input type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} required />
        </label>
        <LimitedTextField
          label="Note"
          max={TEXT_LIMITS.paymentNote}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {from === to && <p className="hint">A payment is from one person to another.</p>}
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !ready}>
          Record payment
        </button>
      </form>
    </details>
  );
}
