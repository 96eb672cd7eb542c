// The trip list's ETag: an unchanged list fetched again is 304 with no body; any
// change to one of its trips, a new trip or a deleted one gives a new list and tag;
// one user's tag never unlocks another user's list.
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

const LIST = '/api/trips/getaway-trip';

describe('GET /api/trips/getaway-trip with If-None-Match', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  it('when the list is unchanged, then 304 without a body; after a change, 200 with the change and a new ETag', async () => {
    const alice = clientFor(trips.url);
    const lisbon = await alice.createTrip({ location_address: 'Lisbon, Portugal' });
    await alice.createTrip({ location_address: 'Porto, Portugal' });

    const first = await alice.get(LIST);
    expect(first.status).toBe(200);
    expect(first.body.map((trip: { location_address: string }) => trip.location_address).sort()).toEqual([
      'Lisbon, Portugal',
      'Porto, Portugal',
    ]);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await alice.send('GET', LIST, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();

    const instance = await alice.addInstance(lisbon._id, { stay_expense: 300 });
    await alice.patch(`/api/trips/getaway/${lisbon._id}/instances/${instance._id}/commit`);
    const changed = await alice.send('GET', LIST, undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const committed = changed.body.find((trip: { _id: string }) => trip._id === lisbon._id);
    expect(committed.total_cost).toBe(385);

    await alice.delete(`/api/trips/getaway/${lisbon._id}`);
    const afterDelete = await alice.send('GET', LIST, undefined, { 'if-none-match': changed.headers.get('etag')! });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body.map((trip: { _id: string }) => trip._id)).not.toContain(lisbon._id);
  });

  it("when another user sends someone's ETag, then they get their own list, never a 304 for it", async () => {
    const alice = clientFor(trips.url);
    const bob = clientFor(trips.url);
    await alice.createTrip({ location_address: 'Rome, Italy' });
    await bob.createTrip({ location_address: 'Oslo, Norway' });
    const alicesTag = (await alice.get(LIST)).headers.get('etag')!;
    const bobs = await bob.send('GET', LIST, undefined, { 'if-none-match': alicesTag });
    expect(bobs.status).toBe(200);
    expect(bobs.body.map((trip: { location_address: string }) => trip.location_address)).toEqual(['Oslo, Norway']);
  });

  it('when favourites are listed, then they carry their own ETag and answer 304 when unchanged', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip({ location_address: 'Kyoto, Japan' });
    await alice.put(`/api/trips/getaway/${trip._id}`, { isFavorite: true });
    const favourites = await alice.get('/api/trips/favorites');
    expect(favourites.body.map((t: { _id: string }) => t._id)).toEqual([trip._id]);
    const again = await alice.send('GET', '/api/trips/favorites', undefined, {
      'if-none-match': favourites.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });
});
