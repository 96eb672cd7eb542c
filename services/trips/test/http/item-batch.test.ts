// Several cost items added at once (an import's apply): one change, ONE history entry
// (action import) listing every item added, undone as a whole; all or nothing; editors
// and owners only; a retry with the same Idempotency-Key adds nothing twice; a viewer of
// hidden costs reads the entry without its amounts.
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

interface Entry {
  _id: string;
  action: string;
  changes: Array<{ field: string; from?: unknown; to?: unknown; derived?: boolean; hidden?: boolean }>;
}

describe('POST /api/trips/getaway/:tripId/items/batch', () => {
  let trips: BootedTrips;
  let owner: Client;
  let viewer: Client;
  let stranger: Client;

  beforeAll(async () => {
    trips = await bootTrips();
    owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    viewer = clientFor(trips.url, testUser({ name: 'Cy' }));
    stranger = clientFor(trips.url, testUser({ name: 'Eve' }));
  });
  afterAll(() => trips.stop());

  const batchPath = (tripId: string) => `/api/trips/getaway/${tripId}/items/batch`;
  const entries = async (client: Client, tripId: string): Promise<Entry[]> =>
    (await client.get(`/api/trips/getaway/${tripId}/history`)).body.entries;

  /** A trip with an itemless June window (typed amounts 0) and a July one, and a viewer. */
  async function tripWithWindows() {
    const tripId = (await owner.createTrip({ location_address: 'Lisbon, Portugal', currency: 'EUR' }))._id as string;
    const noAmounts = { stay_expense: 0, travel_expense: 0, car_expense: 0, other_expense: 0 };
    const june = (await owner.addInstance(tripId, { trip_start: '2031-06-09', trip_end: '2031-06-14', ...noAmounts }))
      ._id as string;
    const july = (await owner.addInstance(tripId, { trip_start: '2031-07-01', trip_end: '2031-07-05', ...noAmounts }))
      ._id as string;
    const invite = await owner.post(`/api/trips/getaway/${tripId}/invites`, { role: 'viewer' });
    await viewer.post(`/api/trips/invites/${invite.body.token}/accept`);
    return { tripId, june, july };
  }

  const threeItems = (june: string, july: string) => [
    {
      instance_id: june,
      category: 'stay',
      name: 'Hotel Fixture Lisbon',
      amount: 412.5,
      booked: true,
      paid: true,
      confirmation: 'HFX-20931',
    },
    { instance_id: june, category: 'travel', name: 'Flight FX 123', amount: 389, booked: true, confirmation: 'QX7K2P' },
    { instance_id: july, category: 'car', name: 'Compact car', amount: 155.2, booked: true, confirmation: 'CR99812' },
  ];

  it('when 3 items are added, then the windows hold them, the history has ONE import entry, and undoing it removes all 3', async () => {
    const { tripId, june, july } = await tripWithWindows();
    const before = await entries(owner, tripId);
    const reply = await owner.post(batchPath(tripId), { items: threeItems(june, july) });
    expect(reply.status).toBe(201);
    expect(
      reply.body.items.map((i: { instance_id: string; item: { name: string; amount: number } }) => [
        i.instance_id,
        i.item.name,
        i.item.amount,
      ]),
    ).toEqual([
      [june, 'Hotel Fixture Lisbon', 412.5],
      [june, 'Flight FX 123', 389],
      [july, 'Compact car', 155.2],
    ]);
    const windowOf = (id: string) => reply.body.trip.instances.find((w: { _id: string }) => w._id === id);
    expect([windowOf(june).stay_expense, windowOf(june).travel_expense, windowOf(july).car_expense]).toEqual([
      412.5, 389, 155.2,
    ]);

    const after = await entries(owner, tripId);
    expect(after).toHaveLength(before.length + 1);
    const [entry] = after;
    expect(entry.action).toBe('import');
    expect(reply.body.entry).toMatchObject({ _id: entry._id, action: 'import' });
    // It lists each item added, whole.
    const added = entry.changes.filter((c) => !c.derived && /\.items\.[0-9a-f]{24}$/.test(c.field));
    expect(added.map((c) => (c.to as { name: string }).name).sort()).toEqual([
      'Compact car',
      'Flight FX 123',
      'Hotel Fixture Lisbon',
    ]);

    const undone = await owner.post(`/api/trips/getaway/${tripId}/history/${entry._id}/undo`);
    expect(undone.status).toBe(200);
    const trip = (await owner.get(`/api/trips/getaway/${tripId}`)).body;
    expect(trip.instances.flatMap((w: { items: unknown[] }) => w.items)).toEqual([]);
    expect(
      trip.instances.map((w: { stay_expense: number; car_expense: number }) => w.stay_expense + w.car_expense),
    ).toEqual([0, 0]);
    expect((await entries(owner, tripId))[0]).toMatchObject({ action: 'undo', reverts: entry._id });
  });

  it('when one item of a batch is refused, then nothing is added and no entry is written', async () => {
    const { tripId, june, july } = await tripWithWindows();
    const before = await entries(owner, tripId);
    const unknownWindow = await owner.post(batchPath(tripId), {
      items: [...threeItems(june, july), { ...threeItems(june, july)[0], instance_id: '0'.repeat(24) }],
    });
    expect(unknownWindow.status).toBe(404);
    expect(typeof unknownWindow.body.msg).toBe('string');
    const badAmount = await owner.post(batchPath(tripId), { items: [{ ...threeItems(june, july)[0], amount: -1 }] });
    expect(badAmount.status).toBe(400);
    expect((await owner.post(batchPath(tripId), { items: [] })).body).toMatchObject({ msg: 'Send at least one item.' });
    const trip = (await owner.get(`/api/trips/getaway/${tripId}`)).body;
    expect(trip.instances.flatMap((w: { items: unknown[] }) => w.items)).toEqual([]);
    expect(await entries(owner, tripId)).toHaveLength(before.length);
  });

  it('when a viewer or a stranger sends a batch, then it is refused; a viewer of hidden costs reads the entry without amounts', async () => {
    const { tripId, june, july } = await tripWithWindows();
    const byViewer = await viewer.post(batchPath(tripId), { items: threeItems(june, july) });
    expect(byViewer.status).toBe(403);
    expect(typeof byViewer.body.msg).toBe('string');
    expect([403, 404]).toContain((await stranger.post(batchPath(tripId), { items: threeItems(june, july) })).status);
    expect((await clientFor(trips.url, null).post(batchPath(tripId), { items: threeItems(june, july) })).status).toBe(
      401,
    );

    expect((await owner.post(batchPath(tripId), { items: threeItems(june, july) })).status).toBe(201);
    const [entry] = await entries(viewer, tripId);
    expect(entry.action).toBe('import');
    // What is not money stays: the items' names.
    expect(JSON.stringify(entry)).toContain('Hotel Fixture Lisbon');
    const text = JSON.stringify(entry);
    for (const amount of ['412.5', '389', '155.2']) expect(text).not.toContain(amount);
  });

  it('when a batch is retried with the same Idempotency-Key, then nothing is added twice', async () => {
    const { tripId, june, july } = await tripWithWindows();
    const key = { 'idempotency-key': `import-test-${tripId}` };
    const first = await owner.send('POST', batchPath(tripId), { items: threeItems(june, july) }, key);
    const again = await owner.send('POST', batchPath(tripId), { items: threeItems(june, july) }, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.entry._id).toBe(first.body.entry._id);
    const trip = (await owner.get(`/api/trips/getaway/${tripId}`)).body;
    expect(trip.instances.flatMap((w: { items: unknown[] }) => w.items)).toHaveLength(3);
  });
});
