// Instances and commit through the real app: creation order, reading, deleting,
// and the commit invariants, including under concurrency.
import { newId } from '@tripcost/shared';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

describe('trip instances API', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  const commit = (client: Client, tripId: string, instanceId: string) =>
    client.patch(`/api/trips/getaway/${tripId}/instances/${instanceId}/commit`, {});

  it('when an instance is created, then 201 with normalised values, and it is listed first', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const older = await alice.addInstance(trip._id);
    const reply = await alice.post(`/api/trips/getaway/${trip._id}/instances`, {
      trip_start: '2030-07-01T22:30:00.000Z',
      trip_end: null,
      stay_expense: '12.345',
      travel_expense: 0.1,
      car_expense: '',
      activities: ['  Beach  ', 'Dinner'],
      isCommitted: true,
      _id: newId(),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      trip_start: '2030-07-01T00:00:00.000Z',
      trip_end: null,
      stay_expense: 12.35,
      travel_expense: 0.1,
      car_expense: 0,
      other_expense: 0,
      total_cost: 12.45,
      isCommitted: false,
      activities: ['Beach', 'Dinner'],
      created_at: expect.any(String),
      label: '',
      status: 'considering',
      notes: '',
      nights: null,
      per_night: null,
      per_person: 12.45,
      delta_vs_cheapest: 0, // cheaper than the window added before it
      delta_by_category: expect.any(Object),
      dates_invalid: false,
      freshness: { oldest_captured_on: null, stale_items: 0 },
      search_links: [], // no end date: nothing to search for
      // A trip without people has no shares (issue 40).
      presence: {},
      shares: [],
      my_share: null,
      items: [],
      paid_total: 0,
      booked_total: 0,
      to_pay: 12.45,
      fx_effect: 0,
      votes: { yes: 0, maybe: 0, no: 0, mine: null },
      works_for_everyone: false,
    });
    const read = await alice.get(`/api/trips/getaway/${trip._id}`);
    expect(read.body.instances.map((instance: { _id: string }) => instance._id)).toEqual([reply.body._id, older._id]);
    expect(read.body.trip_start).toBeNull();
  });

  it('when an instance is read, then {trip, instance}; an unknown instance is 404', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const instance = await alice.addInstance(trip._id);
    const reply = await alice.get(`/api/trips/getaway/${trip._id}/instances/${instance._id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.instance).toEqual(instance);
    expect(reply.body.trip).toMatchObject({
      _id: trip._id,
      location_address: trip.location_address,
      instances: [instance],
    });
    const missing = await alice.get(`/api/trips/getaway/${trip._id}/instances/${newId()}`);
    expect(missing).toEqual({ status: 404, body: { msg: 'Trip instance not found.', code: 'not_found' } });
  });

  it('when one instance is committed and then another, then only the last is committed and copied', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const first = await alice.addInstance(trip._id, {
      trip_start: '2030-01-01',
      trip_end: '2030-01-02',
      stay_expense: 1,
    });
    const second = await alice.addInstance(trip._id, {
      trip_start: null,
      trip_end: null,
      stay_expense: 2,
      other_expense: 0,
    });
    const once = await commit(alice, trip._id, first._id);
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({
      committedInstanceId: first._id,
      trip_start: '2030-01-01T00:00:00.000Z',
      total_cost: 86,
    });
    const twice = await commit(alice, trip._id, second._id);
    expect(twice.body).toMatchObject({
      committedInstanceId: second._id,
      trip_start: null,
      trip_end: null,
      stay_expense: 2,
      travel_expense: 50,
      car_expense: 25,
      other_expense: 0,
      total_cost: 77,
    });
    expect(twice.body.instances.map((instance: { isCommitted: boolean }) => instance.isCommitted)).toEqual([
      true,
      false,
    ]);
    const again = await commit(alice, trip._id, second._id);
    expect(again.status).toBe(200);
    expect({ ...again.body, updated_at: 0 }).toEqual({ ...twice.body, updated_at: 0 });
  });

  it('when two commits race, then exactly one instance is committed and the trip carries its values', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const a = await alice.addInstance(trip._id, { stay_expense: 1 });
    const b = await alice.addInstance(trip._id, { stay_expense: 2 });
    const replies = await Promise.all([commit(alice, trip._id, a._id), commit(alice, trip._id, b._id)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const after = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
    const committed = after.instances.filter((instance: { isCommitted: boolean }) => instance.isCommitted);
    expect(committed).toHaveLength(1);
    expect(after.committedInstanceId).toBe(committed[0]._id);
    expect(after.stay_expense).toBe(committed[0].stay_expense);
  });

  it('when 50 instances are created at once, then the trip holds 50', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        alice.post(`/api/trips/getaway/${trip._id}/instances`, { other_expense: i }),
      ),
    );
    expect(replies.every((reply) => reply.status === 201)).toBe(true);
    const after = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
    expect(after.instances).toHaveLength(50);
    expect(new Set(after.instances.map((instance: { _id: string }) => instance._id)).size).toBe(50);
  });

  it('when a trip already has 100 instances, then another is refused with 409 {msg}', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    for (let batch = 0; batch < 4; batch++) {
      await Promise.all(Array.from({ length: 25 }, () => alice.post(`/api/trips/getaway/${trip._id}/instances`, {})));
    }
    const full = await alice.post(`/api/trips/getaway/${trip._id}/instances`, {});
    expect(full).toEqual({
      status: 409,
      body: { msg: 'A trip can hold at most 100 instances.', code: 'too_many_instances' },
    });
  });

  it('when an uncommitted instance is deleted, then the trip keeps its commitment', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const kept = await alice.addInstance(trip._id);
    const dropped = await alice.addInstance(trip._id);
    await commit(alice, trip._id, kept._id);
    const reply = await alice.delete(`/api/trips/getaway/${trip._id}/instances/${dropped._id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.msg).toBe('Instance deleted successfully');
    expect(reply.body.trip).toMatchObject({ committedInstanceId: kept._id, total_cost: 185 });
    expect(reply.body.trip.instances.map((instance: { _id: string }) => instance._id)).toEqual([kept._id]);
    expect((await alice.delete(`/api/trips/getaway/${trip._id}/instances/${dropped._id}`)).status).toBe(404);
  });

  it('when the committed instance is deleted, then the trip loses its commitment, dates and expenses', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const other = await alice.addInstance(trip._id);
    const chosen = await alice.addInstance(trip._id);
    await commit(alice, trip._id, chosen._id);
    const reply = await alice.delete(`/api/trips/getaway/${trip._id}/instances/${chosen._id}`);
    expect(reply.body.trip).toMatchObject({
      committedInstanceId: null,
      trip_start: null,
      trip_end: null,
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      total_cost: 0,
    });
    expect(reply.body.trip.instances).toEqual([{ ...other, isCommitted: false }]);
  });
});
