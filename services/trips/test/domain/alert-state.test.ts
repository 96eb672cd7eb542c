// What trip.alert-state tells the notifications service about prices and payments
// (issue 42): the windows still considered with the day each dated price was seen and
// its cost, and what is still to pay of the plan, in minor units of the trip.
import { alertStateOf, withAlertState } from '../../src/sharing';
import type { CostItem } from '../../src/costs';
import type { InstanceRecord, TripRecord } from '../../src/trip';

const item = (fields: Partial<CostItem>): CostItem => ({
  _id: '64b0000000000000000000a1',
  category: 'stay',
  name: 'Hotel',
  amount: 100,
  basis: 'per_night',
  booked: false,
  paid: false,
  link: '',
  confirmation: '',
  captured_on: '2031-04-01',
  ...fields,
});
const window = (fields: Partial<InstanceRecord>): InstanceRecord =>
  ({
    _id: '64b000000000000000000031',
    trip_start: '2031-06-10T00:00:00.000Z',
    trip_end: '2031-06-13T00:00:00.000Z',
    stay_expense: 300,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    activities: [],
    isCommitted: false,
    created_at: '2031-01-01T00:00:00.000Z',
    label: 'June',
    items: [item({})],
    ...fields,
  }) as InstanceRecord;
const trip = (instances: InstanceRecord[], committed: string | null = null): TripRecord =>
  ({
    _id: '64b000000000000000000030',
    user_id: '64b000000000000000000001',
    location_address: 'Lisbon, Portugal',
    trip_location: '',
    currency: 'EUR',
    instances,
    committedInstanceId: committed,
    version: 3,
  }) as unknown as TripRecord;

describe('the alert state’s prices and payments', () => {
  it('when windows are considered, eliminated or the plan, then only the considered ones with dates carry their dated prices', () => {
    const considered = window({});
    const eliminated = window({ _id: '64b000000000000000000032', status: 'eliminated' });
    const undated = window({ _id: '64b000000000000000000033', trip_start: null, trip_end: null });
    const plan = window({
      _id: '64b000000000000000000034',
      isCommitted: true,
      stay_expense: 450, // as stored: derived from its items on every save
      items: [item({ paid: true }), item({ _id: '64b0000000000000000000a2', amount: 50, captured_on: null })],
    });
    const state = alertStateOf(trip([considered, eliminated, undated, plan], plan._id), 4, null);
    expect(state.considering).toEqual([
      {
        instance_id: considered._id,
        label: 'June',
        start: '2031-06-10',
        prices: [{ item_id: '64b0000000000000000000a1', name: 'Hotel', seen_on: '2031-04-01', total: 30_000 }],
      },
    ]);
    // 3 nights at 100.00 paid, 3 at 50.00 not: 150.00 still to pay.
    expect(state.committed).toMatchObject({ instance_id: plan._id, to_pay: 15_000, total: 45_000 });
  });

  it('when a price is confirmed (“Still this price”), then a new alert state is announced; a note changes nothing', () => {
    const before = trip([window({})]);
    const confirmed = trip([window({ items: [item({ captured_on: '2031-04-20' })] })]);
    expect(withAlertState(confirmed, '2031-04-20T10:00:00.000Z', before, null).outbox).toHaveLength(1);
    const noted = trip([window({ notes: 'sea view' })]);
    expect(withAlertState(noted, '2031-04-20T10:00:00.000Z', before, null).outbox).toBeUndefined();
  });
});
