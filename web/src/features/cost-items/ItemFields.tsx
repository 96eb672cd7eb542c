// A cost item's form fields, its toggles and the preview of its cost, shared by the
// item's edit form (ItemRow.tsx) and the new item's (ItemForm.tsx).
import { Field } from '../../components/Form';
import { MoneyInput } from '../../components/MoneyInput';
import { LimitedTextField } from '../../components/TextLimit';
import { MAX_FX_RATE, MAX_MONEY } from '@tripcost/shared/domain';
import { lazy, Suspense, useEffect, useRef, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { digitsOf, formatMoney } from '../../lib/format';
import type { CostItem } from '../../lib/types';
import { CurrencyPicker, isRated, useGetCurrenciesQuery, useTripCurrency } from '../currencies';
import {
  BASES,
  ITEM_LIMITS,
  knownRate,
  ownCost,
  previewCost,
  pricedOf,
  rateProblem,
  validFields,
  type ItemFieldsState,
  type WindowDates,
} from './itemRules';

// Prices by date are folded away and most items have one price: a chunk of their own, not in the window page's first load.
const DatedPriceFields = lazy(() => import('./DatedPrices').then((m) => ({ default: m.DatedPriceFields })));

/**
 * Keyboard focus follows a form opening and closing: into its first field when it opens,
 * back to the button that opened it when it closes (it would otherwise fall to the page).
 */
export function useFocusOnToggle(open: boolean) {
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
export function OpenerButton({
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

/**
 * A visible label above its control, tied by id: a label wrapped around a select would
 * also read out the selected option as part of the field's name.
 */
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

/** A typed rate as read, to its 6 decimals, in the app's en-US figures (formatMoney's). */
const RATE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

interface ItemFieldsProps {
  value: ItemFieldsState;
  onChange: (next: ItemFieldsState) => void;
}

/** The item's currency and, for another currency than the trip's, an optional rate of the traveller's own. */
function CurrencyFields({ value, onChange }: ItemFieldsProps) {
  const tripCurrency = useTripCurrency();
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
            <MoneyInput
              {...control}
              currency={tripCurrency}
              digits={6}
              allowZero={false}
              max={MAX_FX_RATE}
              preview={(rate) => `= ${RATE_FORMAT.format(rate)} ${tripCurrency} per 1 ${value.currency}`}
              required={rated === false}
              value={value.rate}
              onChange={(rate) => onChange({ ...value, rate })}
            />
          )}
        </ItemField>
      )}
    </>
  );
}

/** Name, amount, currency, basis, link and confirmation number, with the server's limits. */
export function ItemFields({ value, onChange }: ItemFieldsProps) {
  const set = (key: keyof ItemFieldsState) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const limited = (key: 'name' | 'link' | 'confirmation', label: string) => ({
    label,
    max: ITEM_LIMITS[key],
    value: value[key],
    onChange: set(key),
    className: `cost-item__field${key === 'name' ? ' cost-item__field--name' : ' cost-item__field--wide'}`,
    labelClassName: 'cost-item__field-label',
  });
  return (
    <>
      <LimitedTextField {...limited('name', 'Item name')} required />
      <ItemField label="Amount" size="amount">
        {(control) => (
          <MoneyInput
            {...control}
            currency={value.currency}
            max={MAX_MONEY}
            required
            value={value.amount}
            onChange={(amount) => onChange({ ...value, amount })}
          />
        )}
      </ItemField>
      <CurrencyFields value={value} onChange={onChange} />
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
      <LimitedTextField {...limited('link', 'Link')} type="url" />
      <LimitedTextField {...limited('confirmation', 'Confirmation number')} />
      <Suspense fallback={null}>
        <DatedPriceFields
          basis={value.basis}
          currency={value.currency}
          value={value.dated}
          onChange={(dated) => onChange({ ...value, dated })}
        />
      </Suspense>
    </>
  );
}

/**
 * A yes/no of an item (reserved, paid), saved as soon as it is ticked; `said` is what the
 * change announces: "Paid for Hotel" or "Not paid for Hotel".
 */
export function ItemToggle({
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

/**
 * "= $1,234.00", or for another currency "= €120.00 → $130.10" when the rate is known
 * (else the published rate is taken on saving): what the item will cost this window,
 * once the form can be saved.
 */
export function CostPreview({
  fields,
  window,
  travellers,
  item,
}: {
  fields: ItemFieldsState;
  window: WindowDates;
  travellers: number;
  item?: CostItem;
}) {
  const tripCurrency = useTripCurrency();
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
