// A member's private limit (issue 40): the most they want their own share of a window to
// be, in the trip's currency. Only they see it (the server never shows it to anyone else,
// in history, exports or live events); the Compare board then says whether a window is
// "within everyone's limit" without saying anyone's.
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { MoneyInput } from '../../components/MoneyInput';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import type { Trip } from '../../lib/types';
import { useSetMyLimitMutation } from './api';

export function MyLimit({ trip }: { trip: Trip }) {
  const [setLimit, { isLoading }] = useSetMyLimitMutation();
  const saved = trip.my_limit ?? null;
  const [amount, setAmount] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState('');
  // Only a member who is one of the trip's people has a share to limit (the server sends my_limit to them alone).
  if (trip.my_limit === undefined) return null;
  async function save(max: number | null) {
    setError('');
    try {
      await setLimit({ tripId: trip._id, max }).unwrap();
      if (max === null) setAmount('');
    } catch (failure) {
      setError(errorMessage(failure, 'Your limit was not saved. Please try again.'));
    }
  }
  return (
    <form
      className="people__limit"
      aria-label="Your private limit"
      onSubmit={(event) => {
        event.preventDefault();
        void save(amount === '' ? null : Number(amount));
      }}
    >
      <label className="field">
        <span>Your private limit for your share</span>
        <MoneyInput currency={trip.currency} value={amount} onChange={setAmount} />
      </label>
      <p className="hint">
        Only you see it. {saved === null ? 'No limit set.' : `Now ${formatMoney(saved, trip.currency)}.`} The board says
        whether a window is within everyone’s limit, never anyone’s limit.
      </p>
      <button type="submit" className="btn btn--secondary btn--sm" disabled={isLoading}>
        Save limit
      </button>
      {saved !== null && (
        <button type="button" className="btn btn--ghost btn--sm" disabled={isLoading} onClick={() => void save(null)}>
          Clear limit
        </button>
      )}
      <FormError message={error} />
    </form>
  );
}
