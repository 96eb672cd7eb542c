// A window's cost items by category: add, edit in place, delete with undo. The server
// derives the window's expenses and paid/still-to-pay totals from the items; the cost
// shown beside the basis picker is only a preview of that rule for the form.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import type { CostBasis, CostCategory, CostItem, Instance } from '../../../lib/types';
import { useAddItemMutation, useEditItemMutation, useRemoveItemMutation, type ItemInput } from '../api';
import './costItems.css';

const CATEGORIES: { key: CostCategory; label: string; expense: keyof Instance }[] = [
  { key: 'stay', label: 'Stay', expense: 'stay_expense' },
  { key: 'travel', label: 'Travel', expense: 'travel_expense' },
  { key: 'car', label: 'Car', expense: 'car_expense' },
  { key: 'other', label: 'Other', expense: 'other_expense' },
];

export const BASES: { key: CostBasis; label: string }[] = [
  { key: 'total', label: 'Total' },
  { key: 'per_night', label: 'Per night' },
  { key: 'per_person', label: 'Per person' },
  { key: 'per_person_per_night', label: 'Per person per night' },
  { key: 'per_day', label: 'Per day' },
];

/** amount × basis in whole cents, as the server computes it. */
export function previewCost(amount: number, basis: CostBasis, nights: number, travellers: number): number {
  const multiplier = {
    total: 1,
    per_night: nights,
    per_person: travellers,
    per_person_per_night: nights * travellers,
    per_day: nights + 1,
  }[basis];
  return (Math.round(amount * 100) * multiplier) / 100;
}

interface Props {
  tripId: string;
  instance: Instance;
  travellers: number;
}

export function CostItems({ tripId, instance, travellers }: Props) {
  const ref = { tripId, instanceId: instance._id };
  const [removeItem] = useRemoveItemMutation();
  const [addItem] = useAddItemMutation();
  const [removed, setRemoved] = useState<CostItem | null>(null);
  const [error, setError] = useState('');
  const items = instance.items ?? [];
  const nights = Math.max(0, instance.nights ?? 0);

  async function onDelete(item: CostItem) {
    setError('');
    try {
      await removeItem({ ...ref, itemId: item._id }).unwrap();
      setRemoved(item);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete the item. Please try again.'));
    }
  }

  async function onUndo() {
    if (!removed) return;
    const { _id: _gone, ...input } = removed;
    try {
      await addItem({ ...ref, item: input }).unwrap();
      setRemoved(null);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to restore the item. Please try again.'));
    }
  }

  return (
    <section className="panel cost-items" aria-labelledby="cost-items-heading">
      <h2 id="cost-items-heading">Cost items</h2>
      <p className="cost-items__totals" aria-live="polite">
        Paid {formatMoney(instance.paid_total ?? 0)} · Still to pay {formatMoney(instance.to_pay ?? 0)}
      </p>
      {removed && (
        <p className="cost-items__undo" role="status">
          Deleted {removed.name}.{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={onUndo}>
            Undo
          </button>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {CATEGORIES.map((category) => {
        const mine = items.filter((item) => item.category === category.key);
        return (
          <section key={category.key} className="cost-items__category" aria-label={`${category.label} items`}>
            <h3>
              {category.label}{' '}
              <span className="cost-items__sum">{formatMoney(Number(instance[category.expense] ?? 0))}</span>
            </h3>
            <ul className="cost-items__list">
              {mine.map((item) => (
                <ItemRow
                  key={item._id}
                  item={item}
                  cost={previewCost(item.amount, item.basis, nights, travellers)}
                  refs={ref}
                  onDelete={() => onDelete(item)}
                  onError={setError}
                />
              ))}
            </ul>
            <ItemForm category={category.key} nights={nights} travellers={travellers} refs={ref} onError={setError} />
          </section>
        );
      })}
    </section>
  );
}

function ItemRow({
  item,
  cost,
  refs,
  onDelete,
  onError,
}: {
  item: CostItem;
  cost: number;
  refs: { tripId: string; instanceId: string };
  onDelete: () => void;
  onError: (message: string) => void;
}) {
  const [editItem] = useEditItemMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [amount, setAmount] = useState(String(item.amount));
  const [basis, setBasis] = useState<CostBasis>(item.basis);

  async function change(fields: Partial<ItemInput>) {
    onError('');
    try {
      await editItem({ ...refs, itemId: item._id, fields }).unwrap();
      return true;
    } catch (failure) {
      onError(errorMessage(failure, 'Failed to save the item. Please try again.'));
      return false;
    }
  }

  if (editing) {
    return (
      <li className="cost-item cost-item--editing">
        <form
          className="cost-item__form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await change({ name: name.trim(), amount: Number(amount), basis })) setEditing(false);
          }}
        >
          <input aria-label="Item name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          <input
            aria-label="Amount"
            type="number"
            min="0"
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <BasisPicker value={basis} onChange={setBasis} />
          <button type="submit" className="btn btn--primary btn--sm">
            Save
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className="cost-item">
      <span className="cost-item__name">
        {item.link ? (
          <a href={item.link} target="_blank" rel="noopener noreferrer">
            {item.name}
          </a>
        ) : (
          item.name
        )}
        {item.confirmation && <span className="muted"> #{item.confirmation}</span>}
      </span>
      <span className="cost-item__cost">
        {formatMoney(cost)}{' '}
        <span className="muted">
          ({formatMoney(item.amount)} {BASES.find((b) => b.key === item.basis)?.label.toLowerCase()})
        </span>
      </span>
      <label className="cost-item__toggle">
        <input type="checkbox" checked={item.booked} onChange={(e) => change({ booked: e.target.checked })} /> Booked
      </label>
      <label className="cost-item__toggle">
        <input type="checkbox" checked={item.paid} onChange={(e) => change({ paid: e.target.checked })} /> Paid
      </label>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(true)}>
        Edit <span className="sr-only">{item.name}</span>
      </button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDelete}>
        Delete <span className="sr-only">{item.name}</span>
      </button>
    </li>
  );
}

function BasisPicker({ value, onChange }: { value: CostBasis; onChange: (basis: CostBasis) => void }) {
  return (
    <select aria-label="Basis" value={value} onChange={(e) => onChange(e.target.value as CostBasis)}>
      {BASES.map((basis) => (
        <option key={basis.key} value={basis.key}>
          {basis.label}
        </option>
      ))}
    </select>
  );
}

function ItemForm({
  category,
  nights,
  travellers,
  refs,
  onError,
}: {
  category: CostCategory;
  nights: number;
  travellers: number;
  refs: { tripId: string; instanceId: string };
  onError: (message: string) => void;
}) {
  const [addItem, { isLoading }] = useAddItemMutation();
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [basis, setBasis] = useState<CostBasis>('total');
  const [link, setLink] = useState('');
  const value = Number(amount);
  const valid = name.trim() !== '' && amount !== '' && Number.isFinite(value) && value >= 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || isLoading) return;
    onError('');
    try {
      await addItem({
        ...refs,
        item: {
          category,
          name: name.trim(),
          amount: value,
          basis,
          booked: false,
          paid: false,
          link: link.trim(),
          confirmation: '',
        },
      }).unwrap();
      setName('');
      setAmount('');
      setLink('');
      setBasis('total');
    } catch (failure) {
      onError(errorMessage(failure, 'Failed to add the item. Please try again.'));
    }
  }

  return (
    <form className="cost-item__form" onSubmit={onSubmit} aria-label={`Add ${category} item`}>
      <input
        aria-label="Item name"
        placeholder="Name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
      />
      <input
        aria-label="Amount"
        placeholder="Amount"
        type="number"
        min="0"
        step="0.01"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <BasisPicker value={basis} onChange={setBasis} />
      <input
        aria-label="Link"
        placeholder="https://…"
        value={link}
        maxLength={500}
        onChange={(e) => setLink(e.target.value)}
      />
      <output className="cost-item__preview" aria-label="Item cost">
        {valid ? `= ${formatMoney(previewCost(value, basis, nights, travellers))}` : ''}
      </output>
      <button type="submit" className="btn btn--secondary btn--sm" disabled={!valid || isLoading}>
        Add
      </button>
    </form>
  );
}
