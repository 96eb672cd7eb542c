// A new cost item's form, in place under its category: closed, one button. The first item
// of a category holding an amount typed before itemising asks whether it replaces it
// (EstimateChoice.tsx).
import { FormActions, FormError } from '../../components/Form';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import type { CostCategory, CostItem } from '../../lib/types';
import { isRated, useGetCurrenciesQuery, useTripCurrency } from '../currencies';
import { useAddItemMutation } from '../windows';
import { CostPreview, ItemFields, OpenerButton, useFocusOnToggle } from './ItemFields';
import { EstimateChoiceFields, useEstimateChoice, type EstimateWindow } from './EstimateChoice';
import { categoryLabel, emptyFields, newItemInput, validFields, type ItemFieldsState } from './itemRules';

/** What the form says it did: the items made from typed amounts, and the estimate the item replaced (else null). */
export interface ItemAdded {
  itemisedFromAmounts: CostItem[];
  replaced: { name: string; category: CostCategory; amount: number } | null;
}

export function ItemForm({
  category,
  window,
  travellers,
  refs,
  onAdded,
}: {
  category: CostCategory;
  window: EstimateWindow;
  travellers: number;
  refs: { tripId: string; instanceId: string };
  onAdded: (added: ItemAdded) => void;
}) {
  const tripCurrency = useTripCurrency();
  const [addItem, { isLoading }] = useAddItemMutation();
  const [open, setOpen] = useState(false);
  const focus = useFocusOnToggle(open);
  const [fields, setFields] = useState<ItemFieldsState>(() => emptyFields(tripCurrency));
  const { data: currencies } = useGetCurrenciesQuery();
  const [error, setError] = useState('');
  const valid = validFields(fields, tripCurrency, isRated(currencies, fields.currency));
  const what = `${categoryLabel(category).toLowerCase()} item`;
  const estimate = useEstimateChoice(window, category);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || isLoading) return;
    setError('');
    try {
      const answer = await addItem({
        ...refs,
        ...(estimate ? { estimate: estimate.choice } : {}),
        item: newItemInput(fields, category, tripCurrency),
      }).unwrap();
      setFields(emptyFields(tripCurrency));
      setOpen(false);
      const replaced =
        estimate?.choice === 'replace' ? { name: fields.name.trim(), category, amount: estimate.estimate } : null;
      onAdded({ itemisedFromAmounts: answer.itemised_from_amounts ?? [], replaced });
    } catch (failure) {
      setError(`The item was not added: ${errorMessage(failure, 'please try again.')}`);
    }
  }

  // Closed, a category is its items and one button: four open forms buried the items.
  if (!open)
    return (
      <div className="cost-item__open">
        <OpenerButton
          opener={focus.opener}
          onOpen={() => {
            // A trip whose currency changed meanwhile: a new item starts in the current one.
            if (fields.name === '' && fields.amount === '') setFields(emptyFields(tripCurrency));
            setOpen(true);
          }}
        >
          + Add {what}
        </OpenerButton>
      </div>
    );

  return (
    <form ref={focus.form} className="cost-item__form" onSubmit={onSubmit} aria-label={`Add ${category} item`}>
      <ItemFields value={fields} onChange={setFields} />
      {estimate && (
        <EstimateChoiceFields
          state={estimate}
          category={category}
          fields={fields}
          window={window}
          travellers={travellers}
        />
      )}
      <FormActions
        className="cost-item__buttons"
        small
        tone="secondary"
        onCancel={() => {
          setOpen(false);
          setError('');
        }}
        submitLabel={
          <>
            Add <span className="sr-only">{what}</span>
          </>
        }
        disabled={!valid || isLoading}
      >
        <CostPreview fields={fields} window={window} travellers={travellers} />
      </FormActions>
      <FormError message={error} className="cost-item__error" />
    </form>
  );
}
