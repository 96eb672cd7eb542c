// The payments recorded between the trip's people, oldest first, each in its own currency
// and, in another one, what it counts for in the trip's (the server's conversion) at its
// rate, said with its source and day. A payment is converted at its paid_on day's rate,
// so its rate is old when published over 7 days before that day (offline, the bundled
// rates), not merely because the payment is weeks old (ADR 0075).
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { formatMoney, formatShortDate } from '../../lib/format';
import type { Trip } from '../../lib/types';
import { formatRate, rateWhen } from '../currencies';
import { useCanEdit } from '../sharing';
import { useGetPaymentsQuery, useRemovePaymentMutation } from './api';
import type { NameOf } from './names';

export function PaymentsList({ trip, nameOf }: { trip: Trip; nameOf: NameOf }) {
  const editable = useCanEdit();
  const { data } = useGetPaymentsQuery({ tripId: trip._id, version: trip.version });
  const [remove, { isLoading }] = useRemovePaymentMutation();
  const [error, setError] = useState('');
  const payments = data?.payments ?? [];
  if (payments.length === 0) return null;
  return (
    <>
      <h3>Payments</h3>
      <ul className="balances__payments" aria-label="Payments">
        {payments.map((payment) => (
          <li key={payment._id}>
            {formatShortDate(payment.paid_on)}: {nameOf(payment.from)} paid {nameOf(payment.to)}{' '}
            {formatMoney(payment.amount, payment.currency)}
            {payment.fx && (
              <span className="muted">
                {' '}
                = {formatMoney(payment.trip_amount, trip.currency)} at {formatRate(payment.fx.rate)} (
                {rateWhen(payment.fx, payment.paid_on)})
              </span>
            )}
            {payment.note && <span className="muted"> · {payment.note}</span>}{' '}
            {editable && (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={isLoading}
                onClick={async () => {
                  setError('');
                  try {
                    await remove({ tripId: trip._id, paymentId: payment._id }).unwrap();
                  } catch (failure) {
                    setError(errorMessage(failure, 'The payment was not deleted. Please try again.'));
                  }
                }}
              >
                Delete <span className="sr-only">payment</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </>
  );
}
