import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

describe('trips smoke', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  it('when a trip is created and an instance committed, then the trip carries its values', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const instance = await alice.addInstance(trip._id);
    const committed = await alice.patch(`/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`, {});
    expect(committed.status).toBe(200);
    expect(committed.body.total_cost).toBe(185);
    expect((await alice.get('/api/trips/getaway-trip')).body).toHaveLength(1);
  });
});
