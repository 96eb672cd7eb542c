// One window as a row of the Compare board (CompareBoard.tsx): memoised, so a board
// re-render (a vote, a save elsewhere) redraws only the windows that changed.
import { Fragment, memo } from 'react';
import { formatMoney } from '../../lib/format';
import type { Instance } from '../../lib/types';
import { fxEffectWording } from '../currencies';
import { VoteButtons } from '../sharing';
import {
  categoryDifferences,
  compactDateRange,
  datesInvalid,
  formatDelta,
  formatOptionalMoney,
  FreshnessLine,
  STATUS_LABELS,
  statusOf,
  WindowActions,
  windowName,
  type CommitControl,
} from '../windows';

/** Why a window costs more than the cheapest (per category), or what it is instead. */
function Delta({
  window,
  invalid,
  cheapest,
  cheapestStale,
  eliminated,
  lowest,
  currency,
}: {
  window: Instance;
  invalid: boolean;
  cheapest: boolean;
  cheapestStale: boolean;
  eliminated: boolean;
  lowest: number | null | undefined;
  currency: string;
}) {
  const differences = categoryDifferences(window, currency);
  return invalid ? (
    <span className="badge badge--warning">Dates need fixing</span>
  ) : cheapest ? (
    <span className="badge badge--cheapest">{cheapestStale ? 'Cheapest · prices to re-check' : 'Cheapest'}</span>
  ) : eliminated ? (
    <span className="compare__eliminated">Eliminated</span>
  ) : (
    <>
      <span className="compare__delta-total">{formatDelta(window.delta_vs_cheapest, lowest, currency)}</span>
      {differences.length > 0 && (
        <span className="compare__categories">
          {/* Each "−$40.00 stay" stays on one line: the sign never wraps away from its amount. */}
          {differences.map((part, index) => (
            <Fragment key={part}>
              {index > 0 && ', '}
              <span className="compare__category">{part}</span>
            </Fragment>
          ))}
        </span>
      )}
    </>
  );
}

/*
 * A row's cells are plain <td>s naming their column in data-label (shown when the row
 * is a card, the header row hidden then): no component per cell — 500 fewer for React to
 * build on a 50-window board (issue 26).
 */
/** The four expense columns of a row, in the order of their headers. */
const EXPENSE_COLUMNS = [
  { label: 'Stay', field: 'stay_expense', className: 'compare__stay' },
  { label: 'Travel', field: 'travel_expense', className: 'compare__travel' },
  { label: 'Car', field: 'car_expense', className: 'compare__car' },
  { label: 'Other', field: 'other_expense', className: 'compare__other' },
] as const;

export const CompareRow = memo(function CompareRow({
  tripId,
  window,
  cheapest,
  cheapestForEveryone,
  shared,
  editable,
  cheapestStale,
  lowest,
  currency,
  commit,
  onFlexDates,
}: {
  tripId: string;
  window: Instance;
  /** The cheapest of the windows every member voted yes on (the server's `cheapestForEveryoneId`). */
  cheapestForEveryone: boolean;
  /** The trip has members besides the owner: votes are shown. */
  shared: boolean;
  /** My role may change the window (else its status is shown as text). */
  editable: boolean;
  /** The trip's currency: every figure of the row is in it. */
  currency: string;
  cheapest: boolean;
  /** The cheapest rests on a price seen over 14 days ago (the server's `cheapest_is_stale`). */
  cheapestStale: boolean;
  lowest: number | null | undefined;
  commit: CommitControl;
  onFlexDates?: (window: Instance) => void;
}) {
  const eliminated = statusOf(window) === 'eliminated';
  const invalid = datesInvalid(window);
  // What exchange rates moved the total by since its prices were set, apart from price changes.
  const fxEffect = fxEffectWording(window.fx_effect, currency);
  return (
    <tr role="row" className={eliminated ? 'is-eliminated' : undefined} aria-label={windowName(window)}>
      <th scope="row" role="rowheader" className="compare__name">
        {window.label && <span className="compare__label">{window.label}</span>}
        <span className="compare__window">{compactDateRange(window.trip_start, window.trip_end)}</span>
        {window.isCommitted && <span className="badge badge--success">Committed</span>}
        <FreshnessLine window={window} />
      </th>

      <td role="cell" data-label="Nights" className="compare__nights">
        {invalid ? '—' : (window.nights ?? '—')}
      </td>
      {EXPENSE_COLUMNS.map(({ label, field, className }) => (
        <td key={field} role="cell" data-label={label} className={className}>
          {formatMoney(window[field] ?? 0, currency)}
        </td>
      ))}
      <td role="cell" data-label="Total" className="compare__total">
        <span className="compare__amount">{formatMoney(window.total_cost ?? 0, currency)}</span>
        {fxEffect && <span className="compare__fx-effect">{fxEffect}</span>}
      </td>
      <td role="cell" data-label="Per night" className="compare__per-night">
        {invalid ? '—' : formatOptionalMoney(window.per_night, currency)}
      </td>
      <td role="cell" data-label="Per person" className="compare__per-person">
        {formatOptionalMoney(window.per_person, currency)}
      </td>
      <td role="cell" data-label="Δ vs cheapest" className="compare__delta">
        <Delta
          window={window}
          invalid={invalid}
          cheapest={cheapest}
          cheapestStale={cheapestStale}
          eliminated={eliminated}
          lowest={lowest}
          currency={currency}
        />
        {cheapestForEveryone && <span className="badge badge--everyone">Cheapest for everyone</span>}
      </td>
      <td role="cell" data-label={shared ? 'Status & votes' : 'Status'} className="compare__actions">
        {editable ? (
          <WindowActions tripId={tripId} window={window} commit={commit} compact onFlexDates={onFlexDates} />
        ) : (
          STATUS_LABELS[statusOf(window)]
        )}
        {/* In the actions' cell, not a column of their own: the table already fills the page. */}
        {shared && (
          <VoteButtons
            tripId={tripId}
            instanceId={window._id}
            votes={window.votes}
            worksForEveryone={window.works_for_everyone}
            label={windowName(window)}
            compact
          />
        )}
      </td>
    </tr>
  );
});
