// The trip's bin through the API: a deleted window is listed (who deleted what, when)
// for every member, and restored by an owner or editor with its id, items and votes, as
// a `restore` entry; a viewer is refused; an item whose window is gone answers 409 {msg}
// until its window is back; a stranger learns nothing. A deleted trip waits in its
// owner's bin, out of its members' sight, and only its owner restores it.
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

describe('the trip’s bin', () => {
  let trips: BootedTrips;
  let owner: Client;
  let viewer: Client;
  let stranger: Client;

  const bin = async (client: Client, tripId: string) => client.get(`/api/trips/getaway/${tripId}/bin`);
  const restore = (client: Client, tripId: string, id: string) =>
    client.post(`/api/trips/getaway/${tripId}/bin/${encodeURIComponent(id)}/restore`);

  async function tripWithHotel() {
    const tripId = (await owner.createTrip({ location_address: 'Lisbon, Portugal' }))._id as string;
    const windowId = (await owner.addInstance(tripId, { label: 'Early May' }))._id as string;
    const item = await owner.post(`/api/trips/getaway/${tripId}/instances/${windowId}/items`, {
      category: 'stay',
      name: 'Hotel Lisboa',
      amount: 120,
      basis: 'per_night',
      estimate: 'replace',
    });
    const invite = await owner.post(`/api/trips/getaway/${tripId}/invites`, { role: 'viewer' });
    await viewer.post(`/api/trips/invites/${invite.body.token}/accept`);
    await viewer.put(`/api/trips/getaway/${tripId}/instances/${windowId}/vote`, { vote: 'yes' });
    return { tripId, windowId, itemId: item.body.item._id as string };
  }

  beforeAll(async () => {
    trips = await bootTrips();
    owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    viewer = clientFor(trips.url, testUser({ name: 'Cy' }));
    stranger = clientFor(trips.url, testUser({ name: 'Eve' }));
  });
  afterAll(() => trips.stop());

  it('when a window is deleted, then the bin lists it and its owner restores it with its id, items and votes', async () => {
    const { tripId, windowId, itemId } = await tripWithHotel();
    expect((await owner.delete(`/api/trips/getaway/${tripId}/instances/${windowId}`)).status).toBe(200);
    const listed = await bin(viewer, tripId);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        kind: 'window',
        thing_id: windowId,
        name: 'Early May',
        deleted_by: expect.objectContaining({ name: 'Ada' }),
      }),
    ]);
    const id = listed.body.items[0]._id;
    expect((await restore(viewer, tripId, id)).status).toBe(403);
    expect((await bin(stranger, tripId)).status).toBe(403);
    expect((await restore(stranger, tripId, id)).status).toBe(403);

    const reply = await restore(owner, tripId, id);
    expect(reply.status).toBe(200);
    expect(reply.body.entry).toMatchObject({ action: 'restore', target: { kind: 'window', id: windowId } });
    const window = (await owner.get(`/api/trips/getaway/${tripId}/instances/${windowId}`)).body.instance;
    expect(window.items.map((item: { _id: string }) => item._id)).toContain(itemId);
    expect(window.stay_expense).toBe(480);
    expect(window.votes).toMatchObject({ yes: 1 });
    expect((await bin(owner, tripId)).body.items).toEqual([]);
    expect((await restore(owner, tripId, id)).status).toBe(404);
  });

  it('when an item’s window was deleted after it, then restoring the item answers 409 until the window is back', async () => {
    const { tripId, windowId, itemId } = await tripWithHotel();
    await owner.delete(`/api/trips/getaway/${tripId}/instances/${windowId}/items/${itemId}`);
    await owner.delete(`/api/trips/getaway/${tripId}/instances/${windowId}`);
    const [windowRecord, itemRecord] = (await bin(owner, tripId)).body.items;
    expect([windowRecord.kind, itemRecord.kind]).toEqual(['window', 'item']);
    const refused = await restore(owner, tripId, itemRecord._id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/restore the window first/);
    expect((await restore(owner, tripId, windowRecord._id)).status).toBe(200);
    expect((await restore(owner, tripId, itemRecord._id)).status).toBe(200);
    const window = (await owner.get(`/api/trips/getaway/${tripId}/instances/${windowId}`)).body.instance;
    expect(window.items.map((item: { name: string }) => item.name)).toContain('Hotel Lisboa');
  });

  it('when the window’s dates changed after an item was deleted so that it no longer fits, then restoring it is 409 saying why, and nothing changes', async () => {
    const tripId = (await owner.createTrip({ location_address: 'Lisbon, Portugal' }))._id as string;
    const windowId = (
      await owner.addInstance(tripId, { label: 'Early May', trip_start: '2031-05-01', trip_end: '2031-05-05' })
    )._id as string;
    const itemsPath = `/api/trips/getaway/${tripId}/instances/${windowId}/items`;
    const villa = { category: 'stay', name: 'Villa', amount: 200_000_000, basis: 'per_night', estimate: 'replace' };
    const added = await owner.post(itemsPath, villa);
    expect(added.status).toBe(201); // 4 nights: 800,000,000, under the cap
    await owner.delete(`${itemsPath}/${added.body.item._id}`);
    const longer = await owner.put(`/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, trip_start: '2031-05-01', trip_end: '2031-05-11' }],
    });
    expect(longer.status).toBe(200);
    const before = (await owner.get(`/api/trips/getaway/${tripId}`)).body.version;
    const [record] = (await bin(owner, tripId)).body.items;
    const refused = await restore(owner, tripId, record._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ msg: expect.stringMatching(/at most 1,000,000,000/), code: 'cannot_restore' });
    expect((await owner.get(`/api/trips/getaway/${tripId}`)).body.version).toBe(before);
    expect((await bin(owner, tripId)).body.items.map((item: { _id: string }) => item._id)).toEqual([record._id]);
  });

  it('when the bin id is not one, then 400 {msg}', async () => {
    const { tripId } = await tripWithHotel();
    const reply = await restore(owner, tripId, 'nope');
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toEqual(expect.any(String));
  });

  it('when a trip is deleted, then its members lose it, its owner’s bin lists it, and only the owner brings it back', async () => {
    const { tripId, windowId } = await tripWithHotel();
    expect((await owner.delete(`/api/trips/getaway/${tripId}`)).status).toBe(200);
    expect((await viewer.get(`/api/trips/getaway/${tripId}`)).status).toBe(404);
    const listed = await owner.get('/api/trips/bin');
    expect(listed.body.trips).toContainEqual(
      expect.objectContaining({ _id: tripId, location_address: 'Lisbon, Portugal' }),
    );
    expect((await viewer.get('/api/trips/bin')).body.trips.map((trip: { _id: string }) => trip._id)).not.toContain(
      tripId,
    );
    expect((await viewer.post(`/api/trips/bin/${tripId}/restore`)).status).toBe(404);

    const back = await owner.post(`/api/trips/bin/${tripId}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.instances.map((window: { _id: string }) => window._id)).toEqual([windowId]);
    expect((await viewer.get(`/api/trips/getaway/${tripId}`)).status).toBe(200);
    const entries = (await owner.get(`/api/trips/getaway/${tripId}/history`)).body.entries;
    expect(entries.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual(['restore', 'deleted']);
    // Undoing the restore would delete the trip without its bin: refused (the owner deletes it again instead).
    expect((await owner.post(`/api/trips/getaway/${tripId}/history/${entries[0]._id}/undo`)).status).toBe(409);
    expect((await owner.get('/api/trips/bin')).body.trips.map((trip: { _id: string }) => trip._id)).not.toContain(
      tripId,
    );
    expect((await owner.post(`/api/trips/bin/${tripId}/restore`)).status).toBe(404);
  });

  it('when a change made offline says when with Made-At, then its entry keeps it, never later than the server’s time; a bad one is 400', async () => {
    const { tripId, windowId, itemId } = await tripWithHotel();
    const path = `/api/trips/getaway/${tripId}/instances/${windowId}/items/${itemId}`;
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const made = await owner.send('PUT', path, { amount: 130 }, { 'Made-At': hourAgo });
    expect(made.status).toBe(200);
    const [entry] = (await owner.get(`/api/trips/getaway/${tripId}/history`)).body.entries;
    expect(entry.made_at).toBe(hourAgo);
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(hourAgo));

    await owner.send('PUT', path, { amount: 140 }, { 'Made-At': '2099-01-01T00:00:00+02:00' });
    const [ahead] = (await owner.get(`/api/trips/getaway/${tripId}/history`)).body.entries;
    expect(ahead.made_at).toBe(ahead.at);

    const bad = await owner.send('PUT', path, { amount: 150 }, { 'Made-At': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Made-At/);
  });

  it('when a payment is recorded or deleted offline with Made-At, then its entry keeps it, never later than the server’s time; a bad one is 400 and nothing is saved', async () => {
    const trip = await owner.createTrip({ location_address: 'Lisbon, Portugal', currency: 'EUR' });
    const people = await owner.put(`/api/trips/getaway/${trip._id}`, { people: [{ name: 'Ada' }, { name: 'Bo' }] });
    const [ada, bo] = people.body.people.map((person: { _id: string }) => person._id);
    const path = `/api/trips/getaway/${trip._id}/payments`;
    const payment = { from: bo, to: ada, amount: 40, paid_on: '2030-06-07' };
    const newest = async () => (await owner.get(`/api/trips/getaway/${trip._id}/history`)).body.entries[0];

    const bad = await owner.send('POST', path, payment, { 'Made-At': 'last Tuesday' });
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringMatching(/Made-At/)]);
    expect((await owner.get(path)).body.payments).toEqual([]);

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const paid = await owner.send('POST', path, payment, { 'Made-At': hourAgo });
    expect(paid.status).toBe(201);
    expect(await newest()).toMatchObject({ made_at: hourAgo });

    const removed = await owner.send('DELETE', `${path}/${paid.body.payment._id}`, undefined, {
      'Made-At': '2099-01-01T00:00:00Z',
    });
    expect(removed.status).toBe(200);
    const entry = await newest();
    expect(entry.made_at).toBe(entry.at);
  });
});
