// What a copy of a window is called (docs/adr/0063-first-screens-read-right.md): one made
// at a flex grid cell's dates has no name (its dates are what it is), one shifted by
// Duplicate… keeps its source's.
import { newId } from '@tripcost/shared';
import { NO_DATES_OR_EXPENSES, type InstanceRecord, type TripRecord } from '../../src/trip';
import { applyDuplicate } from '../../src/windows/domain/trip-changes';

const AT = '2030-01-01T00:00:00.000Z';

function namedWindow(): { trip: TripRecord; window: InstanceRecord } {
  const window: InstanceRecord = {
    _id: newId(),
    trip_start: '2031-05-07T00:00:00.000Z',
    trip_end: '2031-05-12T00:00:00.000Z',
    stay_expense: 500,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    created_at: AT,
    label: 'Early May',
    status: 'considering',
    notes: 'Near the river',
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

describe('a copy’s name', () => {
  it('when a window is added from a flex grid cell, then it has no name, not its source’s', () => {
    const { trip, window } = namedWindow();
    const copied = applyDuplicate(trip, window._id, { start: '2031-03-12', nights: 3 }, newId(), AT);
    expect(copied.instances[0]).toMatchObject({
      label: '',
      trip_start: '2031-03-12T00:00:00.000Z',
      trip_end: '2031-03-15T00:00:00.000Z',
      notes: 'Near the river',
    });
    expect(copied.instances[1]).toMatchObject({ label: 'Early May' });
  });

  it('when a window is duplicated a week later, then the copy keeps its name', () => {
    const { trip, window } = namedWindow();
    const copied = applyDuplicate(trip, window._id, { shiftDays: 7 }, newId(), AT);
    expect(copied.instances[0]).toMatchObject({ label: 'Early May', trip_start: '2031-05-14T00:00:00.000Z' });
  });
});
