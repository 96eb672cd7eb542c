// A window's cost items by category: add, edit in place, delete (the toast's Undo, 10 s,
// brings the item back from the trip's bin with its id and dated prices). The server
// derives the window's expenses and paid/still-to-pay totals from the items; the cost
// shown beside the basis picker is only a preview of that rule for the form.
//
// An item's `booked` flag is shown as "Reserved": "Booked" is already a window's status
// (the committed window), and one word for two things misled people. Prices that vary
// by date (weekend rate, seasons, prices for exact dates) are edited in DatedPrices.tsx;
// an item keeps them through every edit unless the traveller removes them.
import { FormError } from '../../components/Form';
import { Suspense, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, type AppState } from '../../lib/hooks';
import { undoableToast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { digitsOf, formatMoney } from '../../lib/format';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { fxEffectWording, useTripCurrency } from '../currencies';
import { RepriceWindow, useRemoveItemMutation } from '../windows';
import { useCanEdit } from '../sharing';
import { ItemForm } from './ItemForm';
import { ItemRow } from './ItemRow';
import { CATEGORIES, itemisedNotice, listOf, previewCost, replacedNotice } from './itemRules';
import './costItems.css';

export { previewCost };

/**
 * Paid and still to pay, what today's rates changed, re-pricing (for items in another
 * currency) and, before the first item, what adding one does to the plain amounts.
 */
function CostTotals({ tripId, instance, editable }: { tripId: string; instance: Instance; editable: boolean }) {
  const currency = useTripCurrency();
  const fxEffect = fxEffectWording(instance.fx_effect, currency);
  const items = instance.items ?? [];
  // Before the first item, the window's figures are plain amounts; the first item turns them into items.
  const plainAmounts =
    items.length === 0
      ? CATEGORIES.map((category) => ({ category, amount: Number(instance[category.expense] ?? 0) })).filter(
          ({ amount }) => amount > 0,
        )
      : [];
  return (
    <>
      <p className="cost-items__totals" aria-live="polite">
        Paid {formatMoney(instance.paid_total ?? 0, currency)} · Still to pay{' '}
        {formatMoney(instance.to_pay ?? 0, currency)}
        {fxEffect && <span className="cost-items__fx-effect"> · {fxEffect}</span>}
      </p>
      {editable && items.some((item) => item.fx) && (
        <Suspense fallback={null}>
          <RepriceWindow tripId={tripId} instanceId={instance._id} />
        </Suspense>
      )}
      {editable && plainAmounts.length > 0 && (
        <p className="cost-items__note">
          Adding an item turns the amounts entered so far (
          {listOf(plainAmounts.map(({ category, amount }) => `${category.label} ${formatMoney(amount, currency)}`))})
          into items, so the total stays the same plus the new item — unless the item replaces its category’s amount
          (asked when you add it).
        </p>
      )}
    </>
  );
}

interface Props {
  tripId: string;
  instance: Instance;
  travellers: number;
  /** The trip version shown: edits carry it, and a change made elsewhere meanwhile is merged by field. */
  version?: number;
  /** The trip's people (issue 40): each item says who paid it and how it is split among them. */
  people?: Trip['people'];
}

export function CostItems({ tripId, instance, travellers, version, people = [] }: Props) {
  const currency = useTripCurrency();
  const ref = { tripId, instanceId: instance._id };
  const dispatch = useAppDispatch();
  const store = useStore<AppState>();
  const [removeItem] = useRemoveItemMutation();
  const editable = useCanEdit();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const items = instance.items ?? [];

  async function onDelete(item: CostItem) {
    setError('');
    setNotice('');
    try {
      await removeItem({ ...ref, itemId: item._id }).unwrap();
      // Undo for 10 s: from the trip's bin (the history chunk is loaded when pressed).
      const undo = () =>
        void import('../history').then(({ undoAfterDelete }) =>
          undoAfterDelete(dispatch, { kind: 'item', tripId, id: item._id }),
        );
      dispatch(undoableToast(`${item.name || 'The item'} deleted`, undo, store.getState().session.offline));
    } catch (failure) {
      setError(`Could not delete ${item.name}: ${errorMessage(failure, 'please try again.')}`);
    }
  }

  return (
    <section className="panel cost-items" aria-labelledby="cost-items-heading">
      <h2 id="cost-items-heading">Cost items</h2>
      <CostTotals tripId={tripId} instance={instance} editable={editable} />
      <p className="cost-items__notice" role="status">
        {notice}
      </p>
      <FormError message={error} />
      {CATEGORIES.map((category) => {
        const mine = items.filter((item) => item.category === category.key);
        return (
          <section key={category.key} className="cost-items__category" aria-label={`${category.label} items`}>
            <h3>
              {category.label}{' '}
              <span className="cost-items__sum">{formatMoney(Number(instance[category.expense] ?? 0), currency)}</span>
            </h3>
            <ul className="cost-items__list">
              {mine.map((item) => (
                <ItemRow
                  key={item._id}
                  item={item}
                  cost={previewCost(item, instance, travellers, digitsOf(currency))}
                  window={instance}
                  travellers={travellers}
                  refs={ref}
                  version={version}
                  people={people}
                  onDelete={() => onDelete(item)}
                  editable={editable}
                />
              ))}
            </ul>
            {editable && (
              <ItemForm
                category={category.key}
                window={instance}
                travellers={travellers}
                refs={ref}
                onAdded={({ itemisedFromAmounts: made, replaced }) =>
                  setNotice(
                    [replaced && replacedNotice(replaced, currency), made.length > 0 && itemisedNotice(made)]
                      .filter(Boolean)
                      .join(' '),
                  )
                }
              />
            )}
          </section>
        );
      })}
    </section>
  );
}
