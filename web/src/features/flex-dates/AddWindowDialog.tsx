// "Add this window" from a grid cell: a copy of the window at the cell's dates, with
// every item and its rates (the duplicate route with a start and nights).
import { calendarDay } from '@tripcost/shared/domain';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAppDispatch } from '../../lib/hooks';
import { showToast } from '../../lib/toast';
import type { Instance, Trip } from '../../lib/types';
import { useCanEdit } from '../sharing';
import { windowName } from '../windows';
import { addWindowWording, nightsWord, shortRange, type FlexCell } from './flex';
import { useAddWindowAtMutation } from './flexApi';

export function AddWindowDialog({
  trip,
  window,
  cell,
  onClose,
}: {
  trip: Trip;
  window: Instance;
  cell: FlexCell;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [addWindow, { isLoading }] = useAddWindowAtMutation();
  // A viewer sees what a window at these dates would cost but cannot add it.
  const editable = useCanEdit();
  const [error, setError] = useState('');
  const travellers = trip.travelers ?? 1;
  const own =
    window.trip_start !== null &&
    calendarDay(window.trip_start ?? '') === calendarDay(cell.start) &&
    window.nights === cell.nights;
  const existing = (trip.instances ?? []).find(
    (other) =>
      other._id !== window._id &&
      other.trip_start &&
      other.trip_end &&
      calendarDay(other.trip_start) === calendarDay(cell.start) &&
      calendarDay(other.trip_end) === calendarDay(cell.end),
  );

  async function onAdd() {
    setError('');
    try {
      await addWindow({
        tripId: trip._id,
        instanceId: window._id,
        start: calendarDay(cell.start),
        nights: cell.nights,
      }).unwrap();
      dispatch(showToast({ type: 'success', message: `Window added: ${shortRange(cell.start, cell.end)}` }));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to add the window. Please try again.'));
    }
  }

  return (
    <Modal title={`${shortRange(cell.start, cell.end)}, ${nightsWord(cell.nights)}`} size="sm" onClose={onClose}>
      <div className="form">
        <p>
          {formatMoney(cell.total_cost, trip.currency)} in all
          {travellers > 1 ? `, ${formatMoney(cell.per_person, trip.currency)} per person` : ''}.
        </p>
        {cell.estimated && (
          <p className="flex-dates__hint">
            ≈ Estimated: some prices were not seen for these exact dates, so this window&apos;s are assumed. Check them
            once it is added.
          </p>
        )}
        {cell.stale && <p className="flex-dates__hint">⚠ A price in this total was seen over 14 days ago.</p>}
        {existing && <p className="muted">You already have a window at these dates: {windowName(existing)}.</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {own ? 'Close' : 'Cancel'}
          </button>
          {own || !editable ? null : (
            <button type="button" className="btn btn--primary" disabled={isLoading} onClick={onAdd} data-autofocus>
              {isLoading ? 'Adding…' : addWindowWording(cell, trip.currency)}
            </button>
          )}
        </div>
        {own && <p className="muted">These are this window&apos;s own dates.</p>}
      </div>
    </Modal>
  );
}

/** One end of the lengths range: whole nights, 1 to 60 (the grid's limits). */
