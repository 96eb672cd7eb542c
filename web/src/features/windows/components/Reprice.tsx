// "Re-price at today's rates": rates never move by themselves (a foreign item keeps the
// rate it was saved at, with its date and source); this asks today's published rates for
// every foreign item of a window, or of the whole trip, and says what the exchange-rate
// effect was before and after. Rates unavailable: nothing changed, and the server's
// message is shown.
import { useState } from 'react';
import { FormError } from '../../../components/Form';
import { errorMessage } from '../../../lib/api';
import type { Instance, RepriceAnswer, Trip } from '../../../lib/types';
import { repriceWording, useTripCurrency } from '../../currencies';
import { useRepriceTripMutation, useRepriceWindowMutation } from '../api';
import { windowName } from '../rules';
import './reprice.css';

const REPRICE_FAILED = 'The prices were not re-priced: please try again.';

/** The button and what it did: one line per window whose exchange-rate effect moved. */
function RepriceControl({
  reprice,
  busy,
  describe,
}: {
  reprice: () => Promise<RepriceAnswer>;
  busy: boolean;
  describe: (answer: RepriceAnswer) => string[];
}) {
  const [lines, setLines] = useState<string[]>([]);
  const [error, setError] = useState('');

  async function onReprice() {
    setError('');
    setLines([]);
    try {
      setLines(describe(await reprice()));
    } catch (failure) {
      setError(errorMessage(failure, REPRICE_FAILED));
    }
  }

  return (
    <div className="reprice">
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={onReprice}>
        {busy ? 'Re-pricing…' : 'Re-price at today’s rates'}
      </button>
      <div className="reprice__result" role="status">
        {lines.map((line) => (
          <p key={line} className="reprice__line">
            {line}
          </p>
        ))}
      </div>
      <FormError message={error} />
    </div>
  );
}

const unchanged = 'Today’s rates are the ones already used: nothing changed.';

/** On the window page, above its cost items. */
export function RepriceWindow({ tripId, instanceId }: { tripId: string; instanceId: string }) {
  const currency = useTripCurrency();
  const [reprice, { isLoading }] = useRepriceWindowMutation();
  return (
    <RepriceControl
      busy={isLoading}
      reprice={() => reprice({ tripId, instanceId }).unwrap()}
      describe={(answer) => {
        const window = answer.windows.find((w) => w.instance_id === instanceId);
        if (!window || window.fx_effect_before === window.fx_effect_after) return [unchanged];
        return [repriceWording(window.fx_effect_before, window.fx_effect_after, currency)];
      }}
    />
  );
}

/** On the Compare view: every window of the trip that has an item in another currency. */
export function RepriceTrip({ trip }: { trip: Trip }) {
  const [reprice, { isLoading }] = useRepriceTripMutation();
  return (
    <RepriceControl
      busy={isLoading}
      reprice={() => reprice({ tripId: trip._id }).unwrap()}
      describe={(answer) => {
        const byId = new Map<string, Instance>(answer.trip.instances.map((w) => [w._id, w]));
        const moved = answer.windows.filter((w) => w.fx_effect_before !== w.fx_effect_after);
        if (moved.length === 0) return [unchanged];
        return moved.map((w) => {
          const window = byId.get(w.instance_id);
          const wording = repriceWording(w.fx_effect_before, w.fx_effect_after, answer.trip.currency);
          return window ? `${window.label || windowName(window)} — ${wording}` : wording;
        });
      }}
    />
  );
}
