// One cost item in its category: what it costs this window, its Reserved and Paid boxes,
// and Edit (in place) and Delete. An edit is measured from the item and trip version when
// Edit was pressed; the same field changed elsewhere meanwhile asks which value to keep
// (the save home's one conflict handling, useSaveConflict).
import { plainDecimal } from '@tripcost/shared/domain';
import { FormActions, FormError } from '../../components/Form';
import { useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { itemChanges, targetOf } from '../../lib/merge';
import type { CostItem, Trip } from '../../lib/types';
import { WhoPays } from './WhoPays';
import { foreignItemLine, isRated, useGetCurrenciesQuery, useTripCurrency } from '../currencies';
import { ConflictChoice, useSaveConflict, type ConflictChoiceValue } from '../saving';
import { itemInputOf, useEditItemMutation, type ItemInput } from '../windows';
import { datedChanges, datedSummary, quoteInUse } from './datedPrices';
import { SeenOn } from './SeenOn';
import { CostPreview, ItemFields, ItemToggle, OpenerButton, useFocusOnToggle } from './ItemFields';
import {
  BASES,
  currencyChanges,
  fieldsOf,
  ownCost,
  RESERVED_LABEL,
  shownValue,
  validFields,
  type ItemFieldsState,
  type WindowDates,
} from './itemRules';

type Refs = { tripId: string; instanceId: string };
type Opened = { item: CostItem; version?: number };

interface ItemRowProps {
  /** My role may change the item: without it the row is read-only (no toggles, Edit or Delete). */
  editable: boolean;
  item: CostItem;
  /** In the trip's currency. */
  cost: number;
  window: WindowDates;
  travellers: number;
  refs: Refs;
  version?: number;
  onDelete: () => void;
  /** The trip's people (issue 40): who paid the item and how it is split. */
  people?: Trip['people'];
}

/**
 * The item's saves. The cache shows the change at once (optimistic); a refusal puts it
 * back and says why. The same field changed elsewhere meanwhile asks which value to keep.
 */
function useItemSave(item: CostItem, refs: Refs, version: number | undefined, setEditing: (on: boolean) => void) {
  const [editItem, { isLoading }] = useEditItemMutation();
  const [error, setError] = useState('');
  const conflicts = useSaveConflict();

  async function change(changes: Partial<ItemInput>, what: string, base: Opened = { item, version }) {
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

  const { conflict } = conflicts;
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
  return { change, conflictBox, error, setError, isLoading };
}

type ItemSave = ReturnType<typeof useItemSave>;

interface ItemEditorProps extends Pick<ItemRowProps, 'item' | 'window' | 'travellers'> {
  save: ItemSave;
  fields: ItemFieldsState;
  setFields: Dispatch<SetStateAction<ItemFieldsState>>;
  form: ReturnType<typeof useFocusOnToggle>['form'];
  opened: Opened;
  close: () => void;
  after: ReactNode;
}

/** The item's form in place of the row. */
function ItemEditor({
  item,
  window,
  travellers,
  save,
  fields,
  setFields,
  form,
  opened,
  close,
  after,
}: ItemEditorProps) {
  const tripCurrency = useTripCurrency();
  const { data: currencies } = useGetCurrenciesQuery();
  const valid = validFields(fields, tripCurrency, isRated(currencies, fields.currency));
  return (
    <li className="cost-item cost-item--editing">
      <form
        ref={form}
        className="cost-item__form"
        aria-label={`Edit ${item.name}`}
        onSubmit={async (event) => {
          event.preventDefault();
          if (!valid || save.isLoading) return;
          const saved = await save.change(
            {
              name: fields.name.trim(),
              amount: plainDecimal(fields.amount),
              basis: fields.basis,
              link: fields.link.trim(),
              confirmation: fields.confirmation.trim(),
              // Only the dated prices that changed: the others stay as stored.
              ...datedChanges(item, fields.dated, fields.basis),
              ...currencyChanges(item, fields, tripCurrency),
            },
            `The change to ${item.name}`,
            opened,
          );
          if (saved) close();
        }}
      >
        <ItemFields value={fields} onChange={setFields} />
        <FormActions
          className="cost-item__buttons"
          small
          submitFirst
          onCancel={() => {
            close();
            save.setError('');
          }}
          submitLabel="Save"
          disabled={!valid || save.isLoading}
        >
          <CostPreview fields={fields} window={window} travellers={travellers} item={item} />
        </FormActions>
      </form>
      {after}
    </li>
  );
}

/** What the item is and costs this window, its rate, its confirmation and the day its price was seen. */
function ItemFacts({
  item,
  cost,
  window,
  travellers,
  refs,
}: Pick<ItemRowProps, 'item' | 'cost' | 'window' | 'travellers' | 'refs'>) {
  const tripCurrency = useTripCurrency();
  const summary = datedSummary(item, item.currency);
  const quote = quoteInUse(item, window);
  return (
    <>
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
    </>
  );
}

/** Reserved and Paid as text for a reader; boxes, Edit and Delete for who may change the item. */
function ItemControls({
  item,
  editable,
  save,
  opener,
  onEdit,
  onDelete,
}: Pick<ItemRowProps, 'item' | 'editable' | 'onDelete'> & {
  save: ItemSave;
  opener: ReturnType<typeof useFocusOnToggle>['opener'];
  onEdit: () => void;
}) {
  if (!editable) {
    return (
      (item.booked || item.paid) && (
        <p className="muted cost-item__state">
          {[item.booked && RESERVED_LABEL, item.paid && 'Paid'].filter(Boolean).join(' · ')}
        </p>
      )
    );
  }
  return (
    <div className="cost-item__controls">
      <span className="cost-item__toggles">
        <ItemToggle
          label={RESERVED_LABEL}
          checked={item.booked}
          itemName={item.name}
          onChange={(booked, said) => save.change({ booked }, said)}
        />
        <ItemToggle
          label="Paid"
          checked={item.paid}
          itemName={item.name}
          onChange={(paid, said) => save.change({ paid }, said)}
        />
      </span>
      <span className="cost-item__buttons">
        <OpenerButton opener={opener} onOpen={onEdit}>
          Edit <span className="sr-only">{item.name}</span>
        </OpenerButton>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDelete}>
          Delete <span className="sr-only">{item.name}</span>
        </button>
      </span>
    </div>
  );
}

export function ItemRow(props: ItemRowProps) {
  const { item, refs, version } = props;
  const [editing, setEditing] = useState(false);
  const focus = useFocusOnToggle(editing);
  const [fields, setFields] = useState<ItemFieldsState>(() => fieldsOf(item));
  // The item and trip version when Edit was pressed: the edit is measured from them, so
  // a change made elsewhere to another field is kept (ADR 0026).
  const opened = useRef<Opened>({ item, version });
  const save = useItemSave(item, refs, version, setEditing);
  const after = (
    <>
      {save.conflictBox}
      <FormError message={save.error} className="cost-item__error" />
    </>
  );

  if (editing) {
    return (
      <ItemEditor
        {...props}
        save={save}
        fields={fields}
        setFields={setFields}
        form={focus.form}
        opened={opened.current}
        close={() => setEditing(false)}
        after={after}
      />
    );
  }
  return (
    <li className="cost-item">
      <ItemFacts {...props} />
      <WhoPays
        item={item}
        people={props.people ?? []}
        ownCost={ownCost(item, props.window, props.travellers)}
        editable={props.editable}
        save={(changes) => save.change(changes, `Who pays ${item.name}`)}
      />
      <ItemControls
        {...props}
        save={save}
        opener={focus.opener}
        onEdit={() => {
          setFields(fieldsOf(item));
          save.setError('');
          opened.current = { item, version };
          setEditing(true);
        }}
      />
      {after}
    </li>
  );
}
