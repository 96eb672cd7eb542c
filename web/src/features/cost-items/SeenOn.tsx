// On each cost item: when its price was seen, and "Still this price" to confirm it.
import { daysBetween } from '@tripcost/shared/domain';
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { formatShortDate } from '../../lib/format';
import type { CostItem, Instance } from '../../lib/types';
import { useCanEdit } from '../sharing';
import { todayUtc, useCheckItemMutation } from '../windows';
import { seenOn } from './datedPrices';

/** "Seen on Mar 3, 2030 (24 days ago — worth re-checking)" and "Still this price". */
export function SeenOn({
  item,
  window,
  refs,
}: {
  item: CostItem;
  window: Pick<Instance, 'trip_start' | 'trip_end'>;
  refs: { tripId: string; instanceId: string };
}) {
  const [checkItem, { isLoading }] = useCheckItemMutation();
  const [error, setError] = useState('');
  const editable = useCanEdit();
  const { day, stale } = seenOn(item, window);
  const ago = day ? Math.max(0, daysBetween(day, todayUtc())) : 0;

  async function onCheck() {
    setError('');
    try {
      await checkItem({ ...refs, itemId: item._id }).unwrap();
    } catch (failure) {
      setError(`${item.name} was not confirmed: ${errorMessage(failure, 'please try again.')}`);
    }
  }

  return (
    <div className={`cost-item__seen ${stale ? 'cost-item__seen--stale' : ''}`}>
      <span className="muted">
        {day ? `Seen on ${formatShortDate(day)}` : 'Not known when this price was seen'}
        {stale && ` (${ago} days ago — worth re-checking)`}
      </span>{' '}
      {editable && (
        <button type="button" className="btn btn--ghost btn--sm" disabled={isLoading} onClick={onCheck}>
          Still this price <span className="sr-only">for {item.name}</span>
        </button>
      )}
      <FormError message={error} className="cost-item__error" />
    </div>
  );
}
