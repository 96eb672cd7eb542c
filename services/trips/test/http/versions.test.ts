// Conflicts made visible to clients: every answer about a trip carries its version as
// an ETag, and a change sent with an older If-Match is refused with 412.
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

describe('trip versions over HTTP', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  it('when a trip is read or changed, then the answer carries the version as ETag and in the body', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const read = await alice.get(`/api/trips/getaway/${trip._id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body.version).toBe(1);
    const added = await alice.post(`/api/trips/getaway/${trip._id}/instances`, { stay_expense: 5 });
    expect(added.headers.get('etag')).toBe('"2"');
    const instance = await alice.get(`/api/trips/getaway/${trip._id}/instances/${added.body._id}`);
    expect(instance.headers.get('etag')).toBe('"2"');
    expect(instance.body.trip.version).toBe(2);
  });

  it('when two clients edit the same instance from the same version, then the second gets 412 and its edit is not applied', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const instance = await alice.addInstance(trip._id);
    const seen = (await alice.get(`/api/trips/getaway/${trip._id}`)).headers.get('etag')!;
    const edit = (stay: number) => ({ instances: [{ _id: instance._id, stay_expense: stay }] });

    const first = await alice.send('PUT', `/api/trips/getaway/${trip._id}`, edit(111), { 'if-match': seen });
    expect(first.status).toBe(200);
    const second = await alice.send('PUT', `/api/trips/getaway/${trip._id}`, edit(222), { 'if-match': seen });
    expect(second.status).toBe(412);
    expect(second.body).toEqual({ msg: expect.stringMatching(/changed elsewhere/), code: 'stale_version' });
    const after = await alice.get(`/api/trips/getaway/${trip._id}`);
    expect(after.body.instances[0].stay_expense).toBe(111);

    for (const [method, path] of [
      ['PATCH', `/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`],
      ['DELETE', `/api/trips/getaway/${trip._id}/instances/${instance._id}`],
      ['DELETE', `/api/trips/getaway/${trip._id}`],
    ]) {
      const stale = await alice.send(method, path, undefined, { 'if-match': seen });
      expect({ method, path, status: stale.status }).toEqual({ method, path, status: 412 });
    }
    expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body.instances).toHaveLength(1);

    const current = after.headers.get('etag')!;
    const deleted = await alice.send('DELETE', `/api/trips/getaway/${trip._id}`, undefined, { 'if-match': current });
    expect(deleted.status).toBe(200);
  });

  it('when two clients edit different instances without If-Match, then both edits are kept', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const a = await alice.addInstance(trip._id);
    const b = await alice.addInstance(trip._id);
    const [one, two] = await Promise.all([
      alice.put(`/api/trips/getaway/${trip._id}`, { instances: [{ _id: a._id, car_expense: 7 }] }),
      alice.put(`/api/trips/getaway/${trip._id}`, { instances: [{ _id: b._id, other_expense: 9 }] }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const after = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
    const byId = (id: string) => after.instances.find((instance: { _id: string }) => instance._id === id);
    expect(byId(a._id)).toMatchObject({ car_expense: 7, other_expense: 10 });
    expect(byId(b._id)).toMatchObject({ car_expense: 25, other_expense: 9 });
  });

  it('when another user sends If-Match for a trip that is not theirs, then 403 before any version check', async () => {
    const alice = clientFor(trips.url);
    const mallory = clientFor(trips.url);
    const trip = await alice.createTrip();
    const reply = await mallory.send(
      'PUT',
      `/api/trips/getaway/${trip._id}`,
      { isFavorite: true },
      { 'if-match': '"1"' },
    );
    expect(reply.status).toBe(403);
  });
});
