// Undoing a change from a trip's history through the API: one change put back as a new
// entry naming it; refused with 409 {msg, fields} when what it changed has changed since;
// a deleted window comes back with its id, items and votes; roles hold (what you could
// not have done, you cannot undo).
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

interface Entry {
  _id: string;
  action: string;
  reverts?: string;
  target: { kind: string; id: string };
  changes: { field: string; derived?: boolean }[];
}

describe('undoing a change', () => {
  let trips: BootedTrips;
  let owner: Client;
  let viewer: Client;

  const entries = async (client: Client, tripId: string): Promise<Entry[]> =>
    (await client.get(`/api/trips/getaway/${tripId}/history`)).body.entries;
  const undo = (client: Client, tripId: string, entryId: string) =>
    client.post(`/api/trips/getaway/${tripId}/history/${entryId}/undo`);

  /** A trip with one window holding a hotel at 120 a night, and a viewer member. */
  async function pricedTrip() {
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
    return { tripId, windowId, itemId: item.body.item._id as string };
  }
  const itemPath = (p: { tripId: string; windowId: string; itemId: string }) =>
    `/api/trips/getaway/${p.tripId}/instances/${p.windowId}/items/${p.itemId}`;
  const windowOf = async (p: { tripId: string; windowId: string }) =>
    (await owner.get(`/api/trips/getaway/${p.tripId}/instances/${p.windowId}`)).body.instance;
  const hotelOf = async (p: { tripId: string; windowId: string; itemId: string }) =>
    (await windowOf(p)).items.find((item: { _id: string }) => item._id === p.itemId);

  beforeAll(async () => {
    trips = await bootTrips();
    owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    viewer = clientFor(trips.url, testUser({ name: 'Cy' }));
  });
  afterAll(() => trips.stop());

  it('when a price change is undone, then the price is back, the sums follow, and the undo is an entry naming it', async () => {
    const trip = await pricedTrip();
    expect((await owner.put(itemPath(trip), { amount: 135 })).status).toBe(200);
    const [change] = await entries(owner, trip.tripId);
    const reply = await undo(owner, trip.tripId, change._id);
    expect(reply.status).toBe(200);
    expect(reply.body.entry).toMatchObject({ action: 'undo', reverts: change._id, target: { kind: 'item' } });
    const window = await windowOf(trip);
    expect(window.items.find((item: { _id: string }) => item._id === trip.itemId).amount).toBe(120);
    expect(window.stay_expense).toBe(480); // 4 nights × 120, derived again
    expect((await entries(owner, trip.tripId))[0]).toMatchObject({ action: 'undo', reverts: change._id });
  });

  it('when what a change set has changed again since, then 409 {msg, fields} and nothing changes', async () => {
    const trip = await pricedTrip();
    await owner.put(itemPath(trip), { amount: 135 });
    const [first] = await entries(owner, trip.tripId);
    await owner.put(itemPath(trip), { amount: 150 });
    const reply = await undo(owner, trip.tripId, first._id);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      msg: expect.any(String),
      fields: [`windows.${trip.windowId}.items.${trip.itemId}.amount`],
    });
    expect((await hotelOf(trip)).amount).toBe(150);
    // Undoing the newest change still works, and then the first one's value holds again.
    const [second] = await entries(owner, trip.tripId);
    expect((await undo(owner, trip.tripId, second._id)).status).toBe(200);
    expect((await undo(owner, trip.tripId, first._id)).status).toBe(200);
    expect((await hotelOf(trip)).amount).toBe(120);
  });

  it('when a window’s deletion is undone, then it is back with its id, items and votes', async () => {
    const trip = await pricedTrip();
    await owner.put(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}/vote`, { vote: 'yes' });
    await viewer.put(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}/vote`, { vote: 'maybe' });
    const before = await windowOf(trip);
    expect((await owner.delete(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}`)).status).toBe(200);
    const [deletion] = await entries(owner, trip.tripId);
    expect((await undo(owner, trip.tripId, deletion._id)).status).toBe(200);
    const restored = await windowOf(trip);
    expect(restored).toEqual(before);
    expect(restored.votes).toMatchObject({ yes: 1, maybe: 1 });
  });

  it('when clearing the plan and removing a member are undone (the web’s Undo toasts), then the plan and the member are back', async () => {
    const trip = await pricedTrip();
    const windowPath = `/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}`;
    expect((await owner.patch(`${windowPath}/commit`)).status).toBe(200);
    expect((await owner.delete(`${windowPath}/commit`)).status).toBe(200);
    const [cleared] = await entries(owner, trip.tripId);
    expect(cleared.action).toBe('commit');
    expect((await undo(owner, trip.tripId, cleared._id)).status).toBe(200);
    expect((await owner.get(`/api/trips/getaway/${trip.tripId}`)).body.committedInstanceId).toBe(trip.windowId);

    const members = async () =>
      (await owner.get(`/api/trips/getaway/${trip.tripId}`)).body.members.map((m: { name: string }) => m.name);
    expect(await members()).toEqual(['Ada', 'Cy']);
    expect((await owner.delete(`/api/trips/getaway/${trip.tripId}/members/${viewer.user!.id}`)).status).toBe(200);
    expect((await viewer.get(`/api/trips/getaway/${trip.tripId}`)).status).toBe(403);
    const [removal] = await entries(owner, trip.tripId);
    expect([removal.action, removal.target]).toEqual([
      'members',
      expect.objectContaining({ kind: 'member', id: viewer.user!.id }),
    ]);
    expect((await undo(owner, trip.tripId, removal._id)).status).toBe(200);
    expect(await members()).toEqual(['Ada', 'Cy']);
    expect((await viewer.get(`/api/trips/getaway/${trip.tripId}`)).status).toBe(200);
  });

  it('when someone undoes what their role could not have done, then 403; a viewer may undo their own vote', async () => {
    const trip = await pricedTrip();
    await owner.put(itemPath(trip), { amount: 135 });
    const [priceChange] = await entries(owner, trip.tripId);
    expect((await undo(viewer, trip.tripId, priceChange._id)).status).toBe(403);
    await owner.put(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}/vote`, { vote: 'no' });
    const [ownersVote] = await entries(owner, trip.tripId);
    expect((await undo(viewer, trip.tripId, ownersVote._id)).status).toBe(403);
    await viewer.put(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}/vote`, { vote: 'yes' });
    const [viewersVote] = await entries(viewer, trip.tripId);
    expect((await undo(viewer, trip.tripId, viewersVote._id)).status).toBe(200);
    const window = (await viewer.get(`/api/trips/getaway/${trip.tripId}/instances/${trip.windowId}`)).body.instance;
    expect(window.votes).toMatchObject({ yes: 0, no: 1, mine: null });
  });

  it('when the entry is the trip’s creation, another trip’s or not an id, then 409, 404 or 400 {msg}', async () => {
    const trip = await pricedTrip();
    const all = await entries(owner, trip.tripId);
    const creation = all[all.length - 1];
    expect((await undo(owner, trip.tripId, creation._id)).status).toBe(409);
    const other = await pricedTrip();
    const [elsewhere] = await entries(owner, other.tripId);
    const notHere = await undo(owner, trip.tripId, elsewhere._id);
    expect([notHere.status, typeof notHere.body.msg]).toEqual([404, 'string']);
    const malformed = await undo(owner, trip.tripId, 'not-an-id');
    expect([malformed.status, typeof malformed.body.msg]).toEqual([400, 'string']);
    const stranger = clientFor(trips.url, testUser());
    expect((await undo(stranger, trip.tripId, creation._id)).status).toBe(403);
  });
});
