// The Balances view (issue 40, docs/product.md §4 "Settling up"): for the committed window
// (or the one chosen), what each person paid, their share and their balance — also in
// their settle currency at its frozen, dated rate — and the transfers that settle up, each
// with "Record payment". Every figure is the server's answer (the shared money core);
// nothing here adds or rounds. A payment recorded offline waits on this device.
import { useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { FormError } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { formatMoney, signedMoney, todayDateInput } from '../../lib/format';
import type { Trip } from '../../lib/types';
import { formatRate, rateWhen } from '../currencies';
import { useCanEdit } from '../sharing';
import { useAddPaymentMutation, useGetBalancesQuery, type Balances, type PaymentInput } from './api';
import { namesOf, type NameOf } from './names';
import { PaymentForm } from './PaymentForm';
import { PaymentsList } from './PaymentsList';
import './shares.css';

function BalanceTable({ balances, nameOf }: { balances: Balances; nameOf: NameOf }) {
  const { currency } = balances;
  return (
    <table className="balances__table">
      <caption className="sr-only">Balances in {currency}</caption>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">Paid</th>
          <th scope="col">Share</th>
          <th scope="col">Balance</th>
        </tr>
      </thead>
      <tbody>
        {balances.people.map((line) => (
          <tr key={line.person_id}>
            <th scope="row">{nameOf(line.person_id)}</th>
            <td>{formatMoney(line.paid, currency)}</td>
            <td>{formatMoney(line.share, currency)}</td>
            <td>
              {signedMoney(line.balance, currency)}
              {line.settle.currency !== currency && (
                <span className="muted balances__settle">
                  {' '}
                  = {signedMoney(line.settle.amount, line.settle.currency)} at {formatRate(line.settle.rate)} (
                  {rateWhen({ source: line.settle.source, date: line.settle.rate_date })})
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Transfers({
  balances,
  nameOf,
  record,
  busy,
  editable,
}: {
  balances: Balances;
  nameOf: NameOf;
  record: (payment: PaymentInput) => void;
  busy: boolean;
  editable: boolean;
}) {
  if (balances.settled) {
    // Even because nothing was paid yet is not settled up: say which.
    const paid = balances.people.some((line) => line.paid !== 0);
    return paid ? (
      <p className="balances__settled">Settled: everyone is even.</p>
    ) : (
      <p className="muted">No one has paid for anything yet: tick an item Paid and say who paid it.</p>
    );
  }
  if (balances.transfers.length === 0) return null;
  return (
    <ol className="balances__transfers" aria-label="Transfers that settle up">
      {balances.transfers.map((transfer) => {
        const said = `${nameOf(transfer.from)} pays ${nameOf(transfer.to)} ${formatMoney(transfer.amount, transfer.currency)}`;
        return (
          <li key={`${transfer.from}-${transfer.to}`}>
            <span>{said}</span>{' '}
            {editable && (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={busy}
                onClick={() =>
                  record({
                    from: transfer.from,
                    to: transfer.to,
                    amount: transfer.amount,
                    currency: transfer.currency,
                    paid_on: todayDateInput(),
                  })
                }
              >
                Record payment <span className="sr-only">: {said}</span>
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function LeftOut({ balances }: { balances: Balances }) {
  const { not_paid, payer_not_named } = balances.left_out;
  if (!not_paid && !payer_not_named) return null;
  return (
    <p className="muted">
      Left out of the balances:{' '}
      {[
        not_paid ? `${formatMoney(not_paid, balances.currency)} not paid yet` : '',
        payer_not_named ? `${formatMoney(payer_not_named, balances.currency)} paid, payer not named` : '',
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}

function useRecord(tripId: string) {
  const [add, { isLoading }] = useAddPaymentMutation();
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  async function record(payment: PaymentInput): Promise<boolean> {
    setError('');
    setSaid('');
    try {
      const answer = await add({ tripId, payment }).unwrap();
      setSaid(answer.kept ? 'Recorded on this device: it will be sent when you are back online.' : 'Payment recorded.');
      return true;
    } catch (failure) {
      setError(errorMessage(failure, 'The payment was not recorded. Please try again.'));
      return false;
    }
  }
  return { record, busy: isLoading, said, error };
}

export default function BalancesPanel({ trip }: { trip: Trip }) {
  const editable = useCanEdit();
  const windows = trip.instances ?? [];
  const [chosen, setChosen] = useState<string>(trip.committedInstanceId ?? windows[0]?._id ?? '');
  const instanceId = windows.some((window) => window._id === chosen) ? chosen : (windows[0]?._id ?? '');
  const { data, error, isFetching } = useGetBalancesQuery(
    { tripId: trip._id, instanceId, version: trip.version },
    { skip: !instanceId || (trip.people ?? []).length === 0 },
  );
  const recording = useRecord(trip._id);
  const nameOf = namesOf(trip);
  if ((trip.people ?? []).length === 0 || windows.length === 0) return null;
  return (
    <section className="panel balances" aria-labelledby="balances-heading" aria-busy={isFetching}>
      <h2 id="balances-heading">Balances</h2>
      <label className="field balances__window">
        <span>For the window</span>
        <select value={instanceId} onChange={(event) => setChosen(event.target.value)}>
          {windows.map((window) => (
            <option key={window._id} value={window._id}>
              {(window.label || `${window.trip_start?.slice(0, 10)} – ${window.trip_end?.slice(0, 10)}`) +
                (window._id === trip.committedInstanceId ? ' (committed)' : '')}
            </option>
          ))}
        </select>
      </label>
      <FormError message={error ? errorMessage(error, 'The balances could not be loaded.') : ''} />
      {data && (
        <>
          <BalanceTable balances={data} nameOf={nameOf} />
          <LeftOut balances={data} />
          <Transfers
            balances={data}
            nameOf={nameOf}
            record={(payment) => void recording.record(payment)}
            busy={recording.busy}
            editable={editable}
          />
          <DownloadButton
            path={`/trips/getaway/${encodeURIComponent(trip._id)}/balances.csv?instance=${encodeURIComponent(instanceId)}`}
            fallbackName="balances.csv"
            label="Download balances CSV"
            failure="Failed to make the CSV file. Please try again."
          />
        </>
      )}
      <p role="status" className="muted">
        {recording.said}
      </p>
      <FormError message={recording.error} />
      {editable && <PaymentForm trip={trip} record={recording.record} busy={recording.busy} />}
      <PaymentsList trip={trip} nameOf={nameOf} />
    </section>
  );
}
