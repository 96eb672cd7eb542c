// A window stored with a date out of the travel-date range (a copy made before the
// range held ended "+010000-12…"): it is read as dates_invalid and never rewritten
// behind the traveller's back; what still works and what asks for new dates
// (docs/adr/0055).
import { AppError, newId } from '@tripcost/shared';
import { NO_DATES_OR_EXPENSES, type InstanceRecord, type TripRecord } from '../../src/trip';
import { applyCommit, applyDuplicate, applyUpdate, COPY_OUT_OF_RANGE } from '../../src/windows/domain/trip-changes';
import { DATES_OUT_OF_RANGE, settleChange } from '../../src/windows/domain/change-checks';

const AT = '2030-01-01T00:00:00.000Z';

function storedBeforeTheRange(): { trip: TripRecord; window: InstanceRecord } {
  const window: InstanceRecord = {
    _id: newId(),
    trip_start: '9999-12-25T00:00:00.000Z',
    trip_end: '+010000-12T00:00:00.000Z',
    stay_expense: 300,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    created_at: AT,
    label: 'Copy',
    status: 'considering',
    notes: '',
  };
  const trip: TripRecord = {
    _id: newId(),
    user_id: newId(),
    user_email: 'a@example.test',
    location_address: 'Lisbon, Portugal',
    trip_location: 'Lisbon, Portugal',
    image_url: '',
    ...NO_DATES_OR_EXPENSES,
    isFavorite: false,
    instances: [window],
    committedInstanceId: null,
    travelers: 1,
    budget: null,
    created_at: AT,
    updated_at: AT,
  };
  return { trip, window };
}

const refusal = (change: () => unknown) => {
  try {
    change();
  } catch (error) {
    return { status: (error as AppError).status, msg: (error as AppError).message };
  }
  return null;
};

describe('a window stored with a date out of range', () => {
  it('when only its label changes, then the change is kept and its dates are left as they were', () => {
    const { trip, window } = storedBeforeTheRange();
    const after = settleChange(
      trip,
      applyUpdate(trip, { instanceEdits: [{ _id: window._id, fields: { label: 'Later' } }] }, AT),
    );
    expect(after.instances[0]).toMatchObject({ label: 'Later', trip_end: '+010000-12T00:00:00.000Z' });
  });

  it('when its amounts change but not its dates, then 400 asking for new dates; with new dates, then it is fixed', () => {
    const { trip, window } = storedBeforeTheRange();
    const edit = (fields: Record<string, unknown>) =>
      settleChange(trip, applyUpdate(trip, { instanceEdits: [{ _id: window._id, fields }] }, AT));
    expect(refusal(() => edit({ stay_expense: 10 }))).toEqual({ status: 400, msg: DATES_OUT_OF_RANGE });
    const fixed = edit({ trip_start: '2031-01-01T00:00:00.000Z', trip_end: '2031-01-05T00:00:00.000Z' });
    expect([fixed.instances[0].trip_start, fixed.instances[0].trip_end]).toEqual([
      '2031-01-01T00:00:00.000Z',
      '2031-01-05T00:00:00.000Z',
    ]);
  });

  it('when it is committed or copied by shifting its dates, then 400 and the trip is unchanged', () => {
    const { trip, window } = storedBeforeTheRange();
    expect(refusal(() => applyCommit(trip, window._id, AT))).toEqual({ status: 400, msg: DATES_OUT_OF_RANGE });
    expect(refusal(() => applyDuplicate(trip, window._id, { shiftDays: -1 }, newId(), AT))).toEqual({
      status: 400,
      msg: COPY_OUT_OF_RANGE,
    });
    // Copied to a grid cell in range, the copy has good dates.
    const copied = applyDuplicate(trip, window._id, { start: '2031-03-01', nights: 3 }, newId(), AT);
    expect([copied.instances[0].trip_start, copied.instances[0].trip_end]).toEqual([
      '2031-03-01T00:00:00.000Z',
      '2031-03-04T00:00:00.000Z',
    ]);
  });
});
