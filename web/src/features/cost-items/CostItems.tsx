// A window's cost items by category: add, edit in place, delete with undo. The server
// derives the window's expenses and paid/still-to-pay totals from the items; the cost
// shown beside the basis picker is only a preview of that rule for the form.
//
// An item's `booked` flag is shown as "Reserved": "Booked" is already a window's status
// (the committed window), and one word for two things misled people. Prices that vary
// by date (weekend rate, seasons, prices for exact dates) are edited in DatedPrices.tsx;
// an item keeps them through every edit unless the traveller removes them.
import { Field, FormActions, FormError, MoneyInput } from '../../components/Form';
import { itemCost, MAX_MONEY, type PricedItem } from '@tripcost/shared/domain';
import {
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { errorMessage } from '../../lib/api';
import { itemChanges, targetOf } from '../../lib/merge';
import { ConflictChoice, useSaveConflict, type ConflictChoiceValue } from '../saving';
import { digitsOf, formatMoney } from '../../lib/format';
import { CurrencyPicker, foreignItemLine, fxEffectWording, isRated, useGetCurrenciesQuery } from '../currencies';
import type { CostBasis, CostCategory, CostItem, Instance } from '../../lib/types';
import {
  itemInputOf,
  RepriceWindow,
  useAddItemMutation,
  useEditItemMutation,
  useRemoveItemMutation,
  type ItemInput,
} from '../windows';
import { useCanEdit } from '../sharing';
import {
  EMPTY_DATED,
  datedChanges,
  datedFields,
  datedInput,
  datedProblem,
  datedStateOf,
  datedSummary,
  quoteInUse,
  type DatedState,
} from './datedPrices';
import { DatedPriceFields, SeenOn } from './DatedPrices';
import './costItems.css';

// Only windows with items in another currency offer it: not in the page's first load.

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

/** The server's limits on an item's fields (trips service, domain/cost-items.ts and the item schema). */
export const ITEM_LIMITS = { name: 120, confirmation: 64, link: 500 } as const;

/** What an item's `booked` flag is called on screen (see the note at the top). */
export const RESERVED_LABEL = 'Reserved';

/** The dates an item's cost depends on: the window's nights, first night and end (as the server sent them). */
export type WindowDates = Pick<Instance, 'nights' | 'trip_start' | 'trip_end'>;

/**
 * The item's cost for this window in the trip's currency (`digits` are its minor-unit
 * digits), as the server computes it: its rate on each of the window's nights (weekend
 * rate, seasons) or its quote for exactly the window's dates, times the basis; an item
 * in another currency is costed in its own and converted once at its frozen rate.
 */
export function previewCost(item: PricedItem, window: WindowDates, travellers: number, digits = 2): number {
  return itemCost(
    item,
    {
      nights: Math.max(0, window.nights ?? 0),
      travellers,
      start: window.trip_start ?? null,
      end: window.trip_end ?? null,
    },
    digits,
  );
}

/** A foreign item's cost in its own currency (the same rule, before conversion). */
export const ownCost = (item: PricedItem & { currency: string }, window: WindowDates, travellers: number): number =>
  previewCost({ ...item, fx: null }, window, travellers, digitsOf(item.currency));

/** A value in a conflict box: lists (seasons, quotes) by their count. */
function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} rows`;
  if (value && typeof value === 'object' && 'rate' in value) return `rate ${String(value.rate)}`;
  if (value === null) return 'none';
  return String(value ?? '');
}

const categoryLabel = (key: CostCategory) => CATEGORIES.find((category) => category.key === key)?.label ?? key;

/** "A", "A and B", "A, B and C". */
function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What the server did with the plain amounts when the first item was added. */
export function itemisedNotice(made: CostItem[]): string {
  const amounts = listOf(
    made.map((item) => `${categoryLabel(item.category)} ${formatMoney(item.amount, item.currency)}`),
  );
  const are = made.length === 1 ? 'is now an item' : 'are now items';
  return `Your earlier ${amounts} ${are}, so the total is unchanged plus the new item.`;
}

interface Props {
  tripId: string;
  instance: Instance;
  travellers: number;
  /** The trip's currency: totals are in it, and a new item starts in it. */
  currency: string;
  /** The trip version shown: edits carry it, and a change made elsewhere meanwhile is merged by field. */
  version?: number;
}

export function CostItems({ tripId, instance, travellers, currency, version }: Props) {
  const ref = { tripId, instanceId: instance._id };
  const fxEffect = fxEffectWording(instance.fx_effect, currency);
  const [removeItem] = useRemoveItemMutation();
  const [addItem] = useAddItemMutation();
  const [removed, setRemoved] = useState<CostItem | null>(null);
  const editable = useCanEdit();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const items = instance.items ?? [];
  // Before the first item, the window's figures are plain amounts; the first item turns them into items.
  const plainAmounts =
    items.length === 0
      ? CATEGORIES.map((category) => ({ category, amount: Number(instance[category.expense] ?? 0) })).filter(
          ({ amount }) => amount > 0,
        )
      : [];

  async function onDelete(item: CostItem) {
    setError('');
    setNotice('');
    try {
      await removeItem({ ...ref, itemId: item._id }).unwrap();
      setRemoved(item);
    } catch (failure) {
      setError(`Could not delete ${item.name}: ${errorMessage(failure, 'please try again.')}`);
    }
  }

  async function onUndo() {
    if (!removed) return;
    const { _id: _gone, ...input } = removed;
    try {
      await addItem({ ...ref, item: input }).unwrap();
      setRemoved(null);
    } catch (failure) {
      setError(`Could not restore ${removed.name}: ${errorMessage(failure, 'please try again.')}`);
    }
  }

  return (
    <section className="panel cost-items" aria-labelledby="cost-items-heading">
      <h2 id="cost-items-heading">Cost items</h2>
      <p className="cost-items__totals" aria-live="polite">
        Paid {formatMoney(instance.paid_total ?? 0, currency)} · Still to pay{' '}
        {formatMoney(instance.to_pay ?? 0, currency)}
        {fxEffect && <span className="cost-items__fx-effect"> · {fxEffect}</span>}
      </p>
      {editable && items.some((item) => item.fx) && (
        <Suspense fallback={null}>
          <RepriceWindow tripId={tripId} instanceId={instance._id} currency={currency} />
        </Suspense>
      )}
      {editable && plainAmounts.length > 0 && (
        <p className="cost-items__note">
          Adding an item turns the amounts entered so far (
          {listOf(plainAmounts.map(({ category, amount }) => `${category.label} ${formatMoney(amount, currency)}`))})
          into items, so the total stays the same plus the new item.
        </p>
      )}
      <p className="cost-items__notice" role="status">
        {notice}
      </p>
      {removed && (
        <p className="cost-items__undo" role="status">
          Deleted {removed.name}.{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={onUndo}>
            Undo
          </button>
        </p>
      )}
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
                  tripCurrency={currency}
                  refs={ref}
                  version={version}
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
                tripCurrency={currency}
                refs={ref}
                onAdded={(made) => setNotice(made.length > 0 ? itemisedNotice(made) : '')}
              />
            )}
          </section>
        );
      })}
    </section>
  );
}

/**
 * A visible label above its control, tied by id: a label wrapped around a select would
 * also read out the selected option as part of the field's name.
 */
/**
 * Keyboard focus follows a form opening and closing: into its first field when it opens,
 * back to the button that opened it when it closes (it would otherwise fall to the page).
 */
function useFocusOnToggle(open: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const was = useRef(open);
  useEffect(() => {
    if (was.current === open) return;
    was.current = open;
    if (open) form.current?.querySelector<HTMLElement>('input, select')?.focus();
    else opener.current?.focus();
  }, [open]);
  return { form, opener };
}

/** The small button that opens a form in place; focus comes back to it when the form closes (useFocusOnToggle). */
function OpenerButton({
  opener,
  onOpen,
  children,
}: {
  opener: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" ref={opener} className="btn btn--ghost btn--sm" onClick={onOpen}>
      {children}
    </button>
  );
}

interface ItemFieldsState {
  name: string;
  amount: string;
  basis: CostBasis;
  link: string;
  confirmation: string;
  dated: DatedState;
  /** The item's own currency (ISO 4217). */
  currency: string;
  /** A rate of the traveller's own (trip-currency units per item-currency unit); '' for the published one. */
  rate: string;
}

/** Whether the typed rate is usable: empty (the published rate) or a number above 0. */
const rateProblem = (fields: ItemFieldsState, tripCurrency: string, rated: boolean | undefined): string | null => {
  if (fields.currency === tripCurrency) return null;
  const text = fields.rate.trim();
  if (text === '') return rated === false ? `No published rate for ${fields.currency}: please enter your own.` : null;
  const rate = Number(text);
  return Number.isFinite(rate) && rate > 0 ? null : 'A rate is a number above 0.';
};

/**
 * A field of an item's form: its label above the control, in the row's field style;
 * `size` is its width in the row (costItems.css `cost-item__field--*`), else the default.
 */
function ItemField({
  size,
  ...field
}: Omit<ComponentProps<typeof Field>, 'className' | 'labelClassName'> & {
  size?: 'name' | 'amount' | 'rate' | 'wide';
}) {
  return (
    <Field
      {...field}
      className={size ? `cost-item__field cost-item__field--${size}` : 'cost-item__field'}
      labelClassName="cost-item__field-label"
    />
  );
}

interface ItemFieldsProps {
  value: ItemFieldsState;
  onChange: (next: ItemFieldsState) => void;
  /** The trip's currency: an item in another one gets a rate field. */
  tripCurrency: string;
}

/** The item's currency and, for another currency than the trip's, an optional rate of the traveller's own. */
function CurrencyFields({ value, onChange, tripCurrency }: ItemFieldsProps) {
  const { data } = useGetCurrenciesQuery();
  const rated = isRated(data, value.currency);
  const foreign = value.currency !== tripCurrency;
  const problem = value.rate.trim() === '' ? null : rateProblem(value, tripCurrency, rated);
  return (
    <>
      <CurrencyPicker
        label="Currency"
        className="cost-item__field cost-item__field--currency"
        value={value.currency}
        onChange={(currency) => onChange({ ...value, currency })}
      />
      {foreign && (
        <ItemField
          label={`Rate: ${tripCurrency} per 1 ${value.currency}`}
          size="rate"
          hint={
            rated === false
              ? `No published rate for ${value.currency}: enter your own.`
              : 'Optional: empty takes today’s published rate.'
          }
          error={problem ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              required={rated === false}
              value={value.rate}
              onChange={(event) => onChange({ ...value, rate: event.target.value })}
            />
          )}
        </ItemField>
      )}
    </>
  );
}

/** Name, amount, currency, basis, link and confirmation number, with the server's limits. */
function ItemFields({ value, onChange, tripCurrency }: ItemFieldsProps) {
  const set = (key: keyof ItemFieldsState) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <>
      <ItemField label="Item name" size="name">
        {(control) => (
          <input {...control} value={value.name} maxLength={ITEM_LIMITS.name} required onChange={set('name')} />
        )}
      </ItemField>
      <ItemField label="Amount" size="amount">
        {(control) => (
          <MoneyInput
            {...control}
            digits={digitsOf(value.currency)}
            max={MAX_MONEY}
            required
            value={value.amount}
            onChange={set('amount')}
          />
        )}
      </ItemField>
      <CurrencyFields value={value} onChange={onChange} tripCurrency={tripCurrency} />
      <ItemField label="Basis">
        {(control) => (
          <select {...control} value={value.basis} onChange={set('basis')}>
            {BASES.map((basis) => (
              <option key={basis.key} value={basis.key}>
                {basis.label}
              </option>
            ))}
          </select>
        )}
      </ItemField>
      <ItemField label="Link" size="wide">
        {(control) => (
          <input {...control} type="url" value={value.link} maxLength={ITEM_LIMITS.link} onChange={set('link')} />
        )}
      </ItemField>
      <ItemField label="Confirmation number" size="wide">
        {(control) => (
          <input
            {...control}
            value={value.confirmation}
            maxLength={ITEM_LIMITS.confirmation}
            onChange={set('confirmation')}
          />
        )}
      </ItemField>
      <DatedPriceFields
        basis={value.basis}
        digits={digitsOf(value.currency)}
        value={value.dated}
        onChange={(dated) => onChange({ ...value, dated })}
      />
    </>
  );
}

/**
 * A yes/no of an item (reserved, paid), saved as soon as it is ticked; `said` is what the
 * change announces: "Paid for Hotel" or "Not paid for Hotel".
 */
function ItemToggle({
  label,
  checked,
  itemName,
  onChange,
}: {
  label: string;
  checked: boolean;
  itemName: string;
  onChange: (checked: boolean, said: string) => void;
}) {
  return (
    <label className="cost-item__toggle">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) =>
          onChange(e.target.checked, `${e.target.checked ? label : `Not ${label.toLowerCase()}`} for ${itemName}`)
        }
      />{' '}
      {label}
    </label>
  );
}

const fieldsOf = (item: CostItem): ItemFieldsState => ({
  name: item.name,
  amount: String(item.amount),
  basis: item.basis,
  link: item.link ?? '',
  confirmation: item.confirmation ?? '',
  dated: datedStateOf(item),
  currency: item.currency,
  // Only a rate the traveller gave is theirs to edit; a published one is re-asked, not typed.
  rate: item.fx?.source === 'manual' ? String(item.fx.rate) : '',
});

function validFields(fields: ItemFieldsState, tripCurrency: string, rated: boolean | undefined): boolean {
  const value = Number(fields.amount);
  return (
    rateProblem(fields, tripCurrency, rated) === null &&
    fields.name.trim() !== '' &&
    fields.amount !== '' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= MAX_MONEY &&
    datedProblem(fields.dated, fields.basis) === null
  );
}

/** The item as the form would save it, for the cost preview. */
const pricedOf = (fields: ItemFieldsState): PricedItem & { currency: string } => ({
  amount: Number(fields.amount),
  basis: fields.basis,
  currency: fields.currency,
  ...datedFields(fields.dated, fields.basis),
});

/** The rate the saved item will have, when known before saving: the typed one, else the item's frozen one. */
function knownRate(fields: ItemFieldsState, item?: CostItem): number | null {
  if (fields.rate.trim() !== '') return Number(fields.rate);
  return item?.fx && item.currency === fields.currency && item.fx.source !== 'manual' ? item.fx.rate : null;
}

/**
 * "= $1,234.00", or for another currency "= €120.00 → $130.10" when the rate is known
 * (else the published rate is taken on saving): what the item will cost this window,
 * once the form can be saved.
 */
function CostPreview({
  fields,
  window,
  travellers,
  tripCurrency,
  item,
}: {
  fields: ItemFieldsState;
  window: WindowDates;
  travellers: number;
  tripCurrency: string;
  item?: CostItem;
}) {
  const { data } = useGetCurrenciesQuery();
  const valid = validFields(fields, tripCurrency, isRated(data, fields.currency));
  let text = '';
  if (valid && fields.currency === tripCurrency) {
    text = `= ${formatMoney(previewCost(pricedOf(fields), window, travellers, digitsOf(tripCurrency)), tripCurrency)}`;
  } else if (valid) {
    const own = formatMoney(ownCost(pricedOf(fields), window, travellers), fields.currency);
    const rate = knownRate(fields, item);
    const converted =
      rate === null
        ? ''
        : ` → ${formatMoney(previewCost({ ...pricedOf(fields), fx: { rate } }, window, travellers, digitsOf(tripCurrency)), tripCurrency)}`;
    text = `= ${own}${converted}`;
  }
  return (
    <output className="cost-item__preview" aria-label="Item cost">
      {text}
    </output>
  );
}

/** What an edit changes about the item's currency and rate (nothing when neither changed). */
function currencyChanges(item: CostItem, fields: ItemFieldsState, tripCurrency: string): Partial<ItemInput> {
  const changes: Partial<ItemInput> = {};
  if (fields.currency !== item.currency) changes.currency = fields.currency;
  if (fields.currency === tripCurrency) return changes;
  const typed = fields.rate.trim();
  const manual = item.fx?.source === 'manual';
  if (typed !== '') {
    const rate = Number(typed);
    if (!(manual && item.fx?.rate === rate && changes.currency === undefined)) changes.fx = { rate };
  } else if (manual && changes.currency === undefined) {
    // The traveller's own rate removed: today's published rate again.
    changes.fx = null;
  }
  return changes;
}

function ItemRow({
  item,
  cost,
  window,
  travellers,
  tripCurrency,
  refs,
  version,
  onDelete,
  editable,
}: {
  /** My role may change the item: without it the row is read-only (no toggles, Edit or Delete). */
  editable: boolean;
  item: CostItem;
  /** In the trip's currency. */
  cost: number;
  window: WindowDates;
  travellers: number;
  tripCurrency: string;
  refs: { tripId: string; instanceId: string };
  version?: number;
  onDelete: () => void;
}) {
  const [editItem, { isLoading }] = useEditItemMutation();
  const { data: currencies } = useGetCurrenciesQuery();
  const [editing, setEditing] = useState(false);
  const focus = useFocusOnToggle(editing);
  const [fields, setFields] = useState<ItemFieldsState>(() => fieldsOf(item));
  const [error, setError] = useState('');
  // The item and trip version when Edit was pressed: the edit is measured from them, so
  // a change made elsewhere to another field is kept (ADR 0026).
  const opened = useRef<{ item: CostItem; version?: number }>({ item, version });
  const conflicts = useSaveConflict();
  const { conflict } = conflicts;

  /**
   * The cache shows the change at once (optimistic); a refusal puts it back and says why.
   * The same field changed elsewhere meanwhile asks which value to keep.
   */
  async function change(
    changes: Partial<ItemInput>,
    what: string,
    base: { item: CostItem; version?: number } = { item, version },
  ) {
    setError('');
    conflicts.clear();
    try {
      await editItem({ ...refs, itemId: item._id, fields: changes, version: base.version, base: base.item }).unwrap();
      return true;
    } catch (failure) {
      if (conflicts.caught(failure)) return false;
      setError(`${what} was not saved: ${errorMessage(failure, 'please try again.')}`);
      return false;
    }
  }

  async function settle(choice: ConflictChoiceValue) {
    const settled = conflicts.settle(choice);
    if (!settled) return;
    const now = settled.trip.instances.find((i) => i._id === refs.instanceId)?.items?.find((i) => i._id === item._id);
    const send = itemInputOf(itemChanges(refs.instanceId, item._id, settled.fields));
    if (!now) return;
    if (Object.keys(send).length === 0) {
      setEditing(false);
      return;
    }
    if (await change(send, `The change to ${item.name}`, { item: now, version: settled.trip.version })) {
      setEditing(false);
    }
  }

  const conflictBox = conflict && (
    <ConflictChoice
      title={`${item.name} changed elsewhere while you edited it.`}
      rows={conflict.conflicts.map((c) => ({
        key: c.key,
        name: targetOf(c.key).field,
        mine: shownValue(c.mine),
        theirs: shownValue(c.theirs),
        locked: c.locked,
      }))}
      onChoose={(choice) => void settle(choice)}
      busy={isLoading}
    />
  );

  const errorLine = <FormError message={error} className="cost-item__error" />;
  const summary = datedSummary(item, item.currency);
  const valid = validFields(fields, tripCurrency, isRated(currencies, fields.currency));
  const quote = quoteInUse(item, window);

  if (editing) {
    return (
      <li className="cost-item cost-item--editing">
        <form
          ref={focus.form}
          className="cost-item__form"
          aria-label={`Edit ${item.name}`}
          onSubmit={async (event) => {
            event.preventDefault();
            if (!valid || isLoading) return;
            const saved = await change(
              {
                name: fields.name.trim(),
                amount: Number(fields.amount),
                basis: fields.basis,
                link: fields.link.trim(),
                confirmation: fields.confirmation.trim(),
                // Only the dated prices that changed: the others stay as stored.
                ...datedChanges(item, fields.dated, fields.basis),
                ...currencyChanges(item, fields, tripCurrency),
              },
              `The change to ${item.name}`,
              opened.current,
            );
            if (saved) setEditing(false);
          }}
        >
          <ItemFields value={fields} onChange={setFields} tripCurrency={tripCurrency} />
          <FormActions
            className="cost-item__buttons"
            small
            submitFirst
            onCancel={() => {
              setEditing(false);
              setError('');
            }}
            submitLabel="Save"
            disabled={!valid || isLoading}
          >
            <CostPreview
              fields={fields}
              window={window}
              travellers={travellers}
              tripCurrency={tripCurrency}
              item={item}
            />
          </FormActions>
        </form>
        {conflictBox}
        {errorLine}
      </li>
    );
  }

  return (
    <li className="cost-item">
      <div className="cost-item__main">
        <span className="cost-item__name">
          {item.link ? (
            <a href={item.link} target="_blank" rel="noopener noreferrer">
              {item.name}
            </a>
          ) : (
            item.name
          )}
        </span>
        <span className="cost-item__cost">
          {/* Added offline in another currency: its rate is taken when it syncs (ADR 0038). */}
          {item.currency && item.currency !== tripCurrency && !item.fx
            ? 'Rate taken when it syncs'
            : formatMoney(cost, tripCurrency)}{' '}
          <span className="muted">
            ({formatMoney(quote ? quote.amount : item.amount, item.currency)}{' '}
            {BASES.find((b) => b.key === item.basis)?.label.toLowerCase()}
            {quote && ' seen for these exact dates'}
            {summary && ` · ${summary}`})
          </span>
        </span>
      </div>
      {item.fx && (
        <p className="cost-item__fx muted">
          {foreignItemLine({
            ownCost: ownCost(item, window, travellers),
            itemCurrency: item.currency,
            cost,
            tripCurrency,
            fx: item.fx,
          })}
        </p>
      )}
      {item.confirmation && <p className="cost-item__confirmation muted">Confirmation number {item.confirmation}</p>}
      <SeenOn item={item} window={window} refs={refs} />
      {!editable ? (
        (item.booked || item.paid) && (
          <p className="muted cost-item__state">
            {[item.booked && RESERVED_LABEL, item.paid && 'Paid'].filter(Boolean).join(' · ')}
          </p>
        )
      ) : (
        <div className="cost-item__controls">
          <span className="cost-item__toggles">
            <ItemToggle
              label={RESERVED_LABEL}
              checked={item.booked}
              itemName={item.name}
              onChange={(booked, said) => change({ booked }, said)}
            />
            <ItemToggle
              label="Paid"
              checked={item.paid}
              itemName={item.name}
              onChange={(paid, said) => change({ paid }, said)}
            />
          </span>
          <span className="cost-item__buttons">
            <OpenerButton
              opener={focus.opener}
              onOpen={() => {
                setFields(fieldsOf(item));
                setError('');
                opened.current = { item, version };
                setEditing(true);
              }}
            >
              Edit <span className="sr-only">{item.name}</span>
            </OpenerButton>
            <button type="button" className="btn btn--ghost btn--sm" onClick={onDelete}>
              Delete <span className="sr-only">{item.name}</span>
            </button>
          </span>
        </div>
      )}
      {conflictBox}
      {errorLine}
    </li>
  );
}

/** A new item's form: empty, in the trip's currency. */
const emptyFields = (currency: string): ItemFieldsState => ({
  name: '',
  amount: '',
  basis: 'total',
  link: '',
  confirmation: '',
  dated: EMPTY_DATED,
  currency,
  rate: '',
});

function ItemForm({
  category,
  window,
  travellers,
  tripCurrency,
  refs,
  onAdded,
}: {
  category: CostCategory;
  window: WindowDates;
  travellers: number;
  tripCurrency: string;
  refs: { tripId: string; instanceId: string };
  /** The items the server made from the window's plain amounts ([] when none). */
  onAdded: (itemisedFromAmounts: CostItem[]) => void;
}) {
  const [addItem, { isLoading }] = useAddItemMutation();
  const [open, setOpen] = useState(false);
  const focus = useFocusOnToggle(open);
  const [fields, setFields] = useState<ItemFieldsState>(() => emptyFields(tripCurrency));
  const { data: currencies } = useGetCurrenciesQuery();
  const [error, setError] = useState('');
  const valid = validFields(fields, tripCurrency, isRated(currencies, fields.currency));
  const what = `${categoryLabel(category).toLowerCase()} item`;
  const value = Number(fields.amount);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || isLoading) return;
    setError('');
    try {
      const answer = await addItem({
        ...refs,
        item: {
          category,
          name: fields.name.trim(),
          amount: value,
          basis: fields.basis,
          booked: false,
          paid: false,
          link: fields.link.trim(),
          confirmation: fields.confirmation.trim(),
          ...datedInput(fields.dated, fields.basis),
          currency: fields.currency,
          ...(fields.currency !== tripCurrency && fields.rate.trim() !== ''
            ? { fx: { rate: Number(fields.rate) } }
            : {}),
        },
      }).unwrap();
      setFields(emptyFields(tripCurrency));
      setOpen(false);
      onAdded(answer.itemised_from_amounts ?? []);
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
      <ItemFields value={fields} onChange={setFields} tripCurrency={tripCurrency} />
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
        <CostPreview fields={fields} window={window} travellers={travellers} tripCurrency={tripCurrency} />
      </FormActions>
      <FormError message={error} className="cost-item__error" />
    </form>
  );
}
