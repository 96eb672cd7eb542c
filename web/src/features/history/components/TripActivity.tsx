// The trip page's Activity panel and Bin (docs/product.md §6 "Every change remembered"),
// a chunk of their own loaded after the page (React.lazy): who changed what, from what
// to what, newest first a page at a time, with Undo where the reader may still undo;
// and what was deleted in the last 30 days, with Restore. Both are closed until opened
// (nothing is read before). New entries arrive as the
// trip's live stream refetches the trip: a new version refetches the newest page.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAmountLocale } from '../../../lib/amountLocale';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast } from '../../../lib/toast';
import {
  useLazyTripHistoryQuery,
  useRestoreFromBinMutation,
  useTripBinQuery,
  useTripHistoryQuery,
  useUndoEntryMutation,
  type BinRecord,
  type HistoryEntry,
} from '../api';
import {
  activityPeople,
  changeLines,
  describeEntry,
  filterParams,
  timeAgo,
  undoable,
  type ActivityFilter,
} from '../describe';
import { ActivityFilters } from './ActivityFilters';
import './activity.css';

interface TripShown {
  _id: string;
  user_id?: string;
  owner_name?: string;
  members?: { user_id: string; name: string }[];
  currency?: string;
  version?: number;
  instances?: { _id: string; label?: string | null }[];
}

function EntryItem({
  entry,
  currency,
  locale,
  onUndo,
}: {
  entry: HistoryEntry;
  currency: string;
  locale: string;
  onUndo?: () => void;
}) {
  const lines = changeLines(entry, currency);
  return (
    <li className="activity__entry">
      <p className="activity__text">
        {describeEntry(entry, currency)}
        <span className="activity__time">
          {' — '}
          <time dateTime={entry.at} title={entry.made_at ? `Made offline at ${entry.made_at}` : entry.at}>
            {timeAgo(entry.made_at ?? entry.at, Date.now(), locale)}
          </time>
        </span>
      </p>
      {lines.length > 1 && (
        <ul className="activity__changes">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {onUndo && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onUndo}>
          Undo
        </button>
      )}
    </li>
  );
}

/** Who changed what, newest first; older pages on request; Undo for those who may edit. */
export function ActivityPanel({ trip, canEdit }: { trip: TripShown; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const locale = useAmountLocale();
  const currency = trip.currency ?? 'USD';
  const [filter, setFilter] = useState<ActivityFilter>({ actorId: '', windowId: '' });
  const query = { tripId: trip._id, ...filterParams(filter) };
  const { data, refetch, isError } = useTripHistoryQuery(query);
  const [loadOlder, older] = useLazyTripHistoryQuery();
  // Older pages belong to one trip and one filter: another filter starts from its newest page.
  const shownKey = JSON.stringify(query);
  const [olderEntries, setOlderEntries] = useState<{ key: string; entries: HistoryEntry[]; next: string | null }>();
  const [undo] = useUndoEntryMutation();

  // Every new version (mine, or another member's through the live stream) brings its entry.
  useRefetchOnNewVersion(trip.version, refetch);

  const shownOlder = olderEntries?.key === shownKey ? olderEntries : undefined;
  const next = shownOlder ? shownOlder.next : (data?.next ?? null);
  const entries = [...(data?.entries ?? []), ...(shownOlder?.entries ?? [])];
  const people = activityPeople(trip, entries);
  const filtered = filter.actorId !== '' || filter.windowId !== '';

  async function showOlder() {
    if (!next) return;
    const page = await loadOlder({ ...query, before: next }).unwrap();
    setOlderEntries({ key: shownKey, entries: [...(shownOlder?.entries ?? []), ...page.entries], next: page.next });
  }

  async function onUndo(entry: HistoryEntry) {
    try {
      await undo({ tripId: trip._id, entryId: entry._id }).unwrap();
      dispatch(showToast({ type: 'success', message: 'Undone' }));
    } catch (error) {
      dispatch(showToast({ type: 'error', message: errorMessage(error, 'This change could not be undone.') }));
    }
  }

  return (
    <>
      <ActivityFilters people={people} windows={trip.instances ?? []} filter={filter} onChange={setFilter} />
      {isError && <p className="activity__empty">Activity could not be loaded.</p>}
      {data && entries.length === 0 && (
        <p className="activity__empty">{filtered ? 'No changes match.' : 'No changes yet.'}</p>
      )}
      <ol className="activity__list">
        {entries.map((entry) => (
          <EntryItem
            key={entry._id}
            entry={entry}
            currency={currency}
            locale={locale}
            onUndo={canEdit && undoable(entry) ? () => void onUndo(entry) : undefined}
          />
        ))}
      </ol>
      {next && (
        <button type="button" className="btn btn--ghost" disabled={older.isFetching} onClick={() => void showOlder()}>
          Show older changes
        </button>
      )}
    </>
  );
}

function BinItem({ record, locale, onRestore }: { record: BinRecord; locale: string; onRestore?: () => void }) {
  const what = record.kind === 'window' ? `Window ${record.name}` : record.name || 'An item';
  return (
    <li className="activity__entry">
      <p className="activity__text">
        {what}
        <span className="activity__time">
          {' — deleted by '}
          {record.deleted_by.name} {timeAgo(record.deleted_at, Date.now(), locale)}
        </span>
      </p>
      {onRestore && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRestore}>
          Restore
        </button>
      )}
    </li>
  );
}

/** What was deleted from the trip in the last 30 days; Restore for those who may edit. */
export function BinPanel({ trip, canEdit }: { trip: TripShown; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const locale = useAmountLocale();
  const { data, refetch } = useTripBinQuery(trip._id);
  const [restore] = useRestoreFromBinMutation();

  useRefetchOnNewVersion(trip.version, refetch);

  async function onRestore(record: BinRecord) {
    try {
      await restore({ tripId: trip._id, binId: record._id }).unwrap();
      dispatch(showToast({ type: 'success', message: 'Restored' }));
    } catch (error) {
      dispatch(showToast({ type: 'error', message: errorMessage(error, 'This could not be restored.') }));
    }
  }

  return (
    <>
      <p className="activity__note">Deleted windows and items stay here for {data?.kept_days ?? 30} days.</p>
      {data && data.items.length === 0 && <p className="activity__empty">Nothing deleted.</p>}
      <ul className="activity__list">
        {(data?.items ?? []).map((record) => (
          <BinItem
            key={record._id}
            record={record}
            locale={locale}
            onRestore={canEdit ? () => void onRestore(record) : undefined}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * A refetch when the trip's version moves on after the panel opened. Not on opening:
 * the query has just fetched the newest.
 */
function useRefetchOnNewVersion(version: number | undefined, refetch: () => unknown) {
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
}

/**
 * A panel closed until asked for: its list is read only then, so a trip page (and every
 * save on it) costs no history or bin request until someone wants to look.
 */
function Drawer({ id, title, children }: { id: string; title: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel activity" aria-labelledby={id}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <h2 id={id} className="activity__title">
            {title}
          </h2>
        </summary>
        {open && children()}
      </details>
    </section>
  );
}

/** Both panels, side by side on a wide screen. */
export default function TripActivity({ trip, canEdit }: { trip: TripShown; canEdit: boolean }) {
  return (
    <div className="panel-grid">
      <Drawer id="activity-title" title="Activity">
        {() => <ActivityPanel trip={trip} canEdit={canEdit} />}
      </Drawer>
      <Drawer id="bin-title" title="Bin">
        {() => <BinPanel trip={trip} canEdit={canEdit} />}
      </Drawer>
    </div>
  );
}
