// Itemising an estimate (ADR 0062): the first item added to a category that holds only
// the amount typed before itemising (Stay €420.00, then the €520.00 hotel) asks whether
// the item replaces that estimate — the default, since it is usually what was estimated —
// or comes on top of it. The window's total with the item follows the choice before
// anything is saved; the choice goes with the item (`estimate`), also when it waits offline.
import { useId, useState } from 'react';
import { digitsOf, formatMoney } from '../../lib/format';
import type { CostCategory, Instance } from '../../lib/types';
import { isRated, useGetCurrenciesQuery, useTripCurrency } from '../currencies';
import type { EstimateChoice } from '../windows';
import {
  categoryLabel,
  knownRate,
  previewCost,
  pricedOf,
  totalWithItem,
  typedEstimate,
  validFields,
  type ItemFieldsState,
} from './itemRules';

/** What a window must say for the choice: its typed amounts, its items and its dates. */
export type EstimateWindow = Pick<
  Instance,
  'items' | 'stay_expense' | 'travel_expense' | 'car_expense' | 'other_expense' | 'nights' | 'trip_start' | 'trip_end'
>;

/**
 * The choice for a new item of `category` on `window`: null when there is nothing to
 * choose (the window has items, or nothing was typed for the category).
 */
export function useEstimateChoice(window: EstimateWindow, category: CostCategory) {
  const [choice, setChoice] = useState<EstimateChoice>('replace');
  const estimate = typedEstimate(window, category);
  return estimate > 0 ? { estimate, choice, setChoice } : null;
}

export type EstimateState = ReturnType<typeof useEstimateChoice>;

/** The item's cost in the trip's currency when it is known before saving; null otherwise. */
function costInTripCurrency(
  fields: ItemFieldsState,
  window: EstimateWindow,
  travellers: number,
  tripCurrency: string,
): number | null {
  const digits = digitsOf(tripCurrency);
  if (fields.currency === tripCurrency) return previewCost(pricedOf(fields), window, travellers, digits);
  const rate = knownRate(fields);
  return rate === null ? null : previewCost({ ...pricedOf(fields), fx: { rate } }, window, travellers, digits);
}

export function EstimateChoiceFields({
  state,
  category,
  fields,
  window,
  travellers,
}: {
  state: NonNullable<EstimateState>;
  category: CostCategory;
  fields: ItemFieldsState;
  window: EstimateWindow;
  travellers: number;
}) {
  const tripCurrency = useTripCurrency();
  const { data } = useGetCurrenciesQuery();
  const name = useId();
  const label = categoryLabel(category);
  const valid = validFields(fields, tripCurrency, isRated(data, fields.currency));
  const cost = valid ? costInTripCurrency(fields, window, travellers, tripCurrency) : null;
  const total = cost === null ? null : totalWithItem(window, category, cost, state.choice, digitsOf(tripCurrency));
  const option = (value: EstimateChoice, text: string) => (
    <label className="cost-item__estimate-option">
      <input
        type="radio"
        name={name}
        value={value}
        checked={state.choice === value}
        onChange={() => state.setChoice(value)}
      />{' '}
      {text}
    </label>
  );
  return (
    <fieldset className="cost-item__estimate">
      <legend>
        {label} {formatMoney(state.estimate, tripCurrency)} was entered before itemising. This item…
      </legend>
      {option('replace', `replaces that estimate (${label} is this item alone)`)}
      {option('keep', `comes on top of it (${label} counts both)`)}
      <output className="cost-item__estimate-total" aria-live="polite">
        {total === null ? '' : `Window total with this item: ${formatMoney(total, tripCurrency)}`}
      </output>
    </fieldset>
  );
}
