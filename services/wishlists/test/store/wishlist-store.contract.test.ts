// One contract for WishlistStore, run against every adapter available: the same
// documents and compare-and-swap, and the list rules (domain/list-changes.ts)
// applied through it behave alike.
import { existsSync } from 'node:fs';
import { connectMongo, newId, type TripSnapshot } from '@tripcost/shared';
import { mongoForTests, silentLogger, tempDataDir, uniqueSuffix } from '@tripcost/shared/testing';
import { fakeMongo } from '@tripcost/shared/testing/mongo-fake';
import { listChanges, type ListChanges } from '../../src/domain/list-changes';
import { openEmbeddedWishlistStore } from '../../src/store/embedded';
import { openMongoWishlistStore } from '../../src/store/mongo';
import { DuplicateListNameError, type WishlistStore, type WishlistTripEntry } from '../../src/domain/wishlist-store';

/** Opens a store over the same storage each time it is called (to prove persistence). */
type OpenStore = () => Promise<WishlistStore>;

function entry(overrides: Partial<WishlistTripEntry> = {}): WishlistTripEntry {
  const at = new Date().toISOString();
  return {
    _id: newId(),
    image_url: 'https://img.example/paris.jpg',
    location_address: 'Paris, France',
    trip_start: '2025-05-01T00:00:00.000Z',
    trip_end: '2025-05-08T00:00:00.000Z',
    total_cost: 1234.5,
    currency: 'EUR',
    added_at: at,
    snapshot_at: at,
    ...overrides,
  };
}

function wishlistStoreContract(openStore: () => OpenStore) {
  let open: OpenStore;
  let store: WishlistStore;
  let changes: ListChanges;
  const userId = () => newId();
  const newList = (user_id: string, name = `List ${uniqueSuffix()}`) =>
    store.create({ user_id, email: `${user_id}@example.test`, list_name: name, name_key: name.toLowerCase() });

  beforeAll(async () => {
    open = openStore();
    store = await open();
    changes = listChanges(store);
  });
  afterAll(() => store.close());

  it('when a list is created, then it reads back as a plain object with a 24-hex string id', async () => {
    const owner = userId();
    const created = await newList(owner, 'Summer');
    expect(created).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      user_id: owner,
      email: `${owner}@example.test`,
      list_name: 'Summer',
      name_key: 'summer',
      trips: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
    });
    expect(await store.findById(created._id)).toEqual(created);
    expect(await store.findById(newId())).toBeNull();
  });

  it('when a user has lists, then they are listed oldest first and counted; other users’ lists are not', async () => {
    const owner = userId();
    const first = await newList(owner);
    const second = await newList(owner);
    const third = await newList(owner);
    await newList(userId());
    const lists = await store.listByUser(owner);
    expect(lists.map((list) => list._id)).toEqual([first._id, second._id, third._id]);
    expect(await store.countByUser(owner)).toBe(3);
  });

  it('when the same name key is used twice by one user, then DuplicateListNameError; another user may use it', async () => {
    const owner = userId();
    await newList(owner, 'Beach');
    await expect(newList(owner, 'BEACH')).rejects.toBeInstanceOf(DuplicateListNameError);
    await expect(newList(userId(), 'Beach')).resolves.toMatchObject({ list_name: 'Beach' });
  });

  it('when a replace names the stored version, then it is written; a stale one writes nothing', async () => {
    const list = await newList(userId());
    expect(await store.replace({ ...list, list_name: 'stale', version: 5 }, 4)).toBe(false);
    expect(await store.findById(list._id)).toEqual(list);
    expect(await store.replace({ ...list, list_name: 'fresh', version: 2 }, 1)).toBe(true);
    expect(await store.findById(list._id)).toMatchObject({ list_name: 'fresh', version: 2 });
  });

  it('when a trip is placed and removed, then each change carries its event; markSent clears them and keeps the version', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    await changes.removeTrip(owner, list._id, trip._id);
    const stored = (await store.findById(list._id))!;
    expect(stored.outbox?.map((event) => [event.type, event.payload])).toEqual([
      ['wishlist.trip-added', { tripId: trip._id, userId: owner, wishlistId: list._id }],
      ['wishlist.trip-removed', { tripId: trip._id, userId: owner, wishlistId: list._id }],
    ]);
    expect(await store.pendingEvents(1000)).toContainEqual({ docId: list._id, events: stored.outbox });
    await store.markSent(
      list._id,
      stored.outbox!.map((event) => event.id),
    );
    expect(await store.findById(list._id)).toEqual({ ...stored, outbox: [] });
  });

  it('when a list is deleted, then it is gone at once, its name is free, and it is purged once wishlist.deleted is sent', async () => {
    const owner = userId();
    const list = await newList(owner, 'Gone soon');
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    await changes.deleteList(owner, list._id);
    expect(await store.findById(list._id)).toBeNull();
    expect(await store.listByUser(owner)).toEqual([]);
    expect(await store.countByUser(owner)).toBe(0);
    expect(await store.findHolding(trip._id)).toEqual([]);
    await expect(newList(owner, 'Gone soon')).resolves.toMatchObject({ list_name: 'Gone soon' });
    const [tombstone] = (await store.pendingEvents(1000)).filter((pending) => pending.docId === list._id);
    expect(tombstone.events.at(-1)).toMatchObject({
      type: 'wishlist.deleted',
      payload: { wishlistId: list._id, userId: owner, tripIds: [trip._id] },
    });
    await store.markSent(
      list._id,
      tombstone.events.map((event) => event.id),
    );
    expect((await store.pendingEvents(1000)).map((pending) => pending.docId)).not.toContain(list._id);
  });

  it('when a replace takes a name the user already has, then DuplicateListNameError and nothing changes', async () => {
    const owner = userId();
    await newList(owner, 'Taken');
    const other = await newList(owner, 'Free');
    await expect(
      store.replace({ ...other, list_name: 'TAKEN', name_key: 'taken', version: 2 }, 1),
    ).rejects.toBeInstanceOf(DuplicateListNameError);
    expect(await store.findById(other._id)).toEqual(other);
  });

  it('when lists hold a trip, then findHolding finds exactly those', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    expect((await store.findHolding(trip._id)).map((held) => held._id)).toEqual([list._id]);
    expect(await store.findHolding(newId())).toEqual([]);
  });

  it('when the same trip is placed into two lists at once, then it ends in exactly one', async () => {
    const owner = userId();
    const first = await newList(owner);
    const second = await newList(owner);
    const trip = entry();
    await Promise.all([changes.placeTrip(owner, first._id, trip, 10), changes.placeTrip(owner, second._id, trip, 10)]);
    expect((await store.findHolding(trip._id)).map((list) => list._id)).toEqual([second._id]);
  });

  it('when a trip is placed, then it is added once; placing it again changes nothing', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    const added = await changes.placeTrip(owner, list._id, trip, 10);
    expect(added).toEqual({ outcome: 'added', wishlist: expect.objectContaining({ trips: [trip] }), movedFrom: [] });
    const again = await changes.placeTrip(owner, list._id, trip, 10);
    expect(again).toEqual({ outcome: 'already-there', wishlist: expect.objectContaining({ trips: [trip] }) });
    expect((await store.findById(list._id))?.trips).toEqual([trip]);
  });

  it('when a trip is placed in another list, then it moves: it is in exactly one list', async () => {
    const owner = userId();
    const from = await newList(owner);
    const to = await newList(owner);
    const trip = entry();
    const stays = entry();
    await changes.placeTrip(owner, from._id, trip, 10);
    await changes.placeTrip(owner, from._id, stays, 10);
    const moved = await changes.placeTrip(owner, to._id, trip, 10);
    expect(moved).toMatchObject({ outcome: 'added', movedFrom: [from._id] });
    expect((await store.findById(from._id))?.trips.map((t) => t._id)).toEqual([stays._id]);
    expect((await store.findById(to._id))?.trips.map((t) => t._id)).toEqual([trip._id]);
  });

  it('when the list is full, missing or someone else’s, then the trip is not placed anywhere', async () => {
    const owner = userId();
    const list = await newList(owner);
    const other = await newList(owner);
    await changes.placeTrip(owner, list._id, entry(), 2);
    await changes.placeTrip(owner, list._id, entry(), 2);
    const held = entry();
    await changes.placeTrip(owner, other._id, held, 2);
    expect(await changes.placeTrip(owner, list._id, held, 2)).toMatchObject({ outcome: 'list-full' });
    expect((await store.findById(other._id))?.trips.map((t) => t._id)).toEqual([held._id]);
    expect(await changes.placeTrip(owner, newId(), entry(), 2)).toEqual({ outcome: 'list-missing' });
    expect(await changes.placeTrip(userId(), other._id, entry(), 2)).toEqual({ outcome: 'list-missing' });
  });

  it('when a trip is removed, then removed is true once and false after; a missing or foreign list is null', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    expect(await changes.removeTrip(userId(), list._id, trip._id)).toBeNull();
    expect(await changes.removeTrip(owner, list._id, trip._id)).toEqual({
      wishlist: expect.objectContaining({ trips: [] }),
      removed: true,
    });
    expect(await changes.removeTrip(owner, list._id, trip._id)).toMatchObject({ removed: false });
    expect(await changes.removeTrip(owner, newId(), trip._id)).toBeNull();
  });

  it('when a list is deleted, then it is returned as it was and is gone; a foreign or missing one is null', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    expect(await changes.deleteList(userId(), list._id)).toBeNull();
    expect(await changes.deleteList(owner, list._id)).toMatchObject({ _id: list._id, trips: [trip] });
    expect(await store.findById(list._id)).toBeNull();
    expect(await changes.deleteList(owner, list._id)).toBeNull();
  });

  /** A trip.updated snapshot of the held trip, as the trips service announces it. */
  const snapshot = (trip: WishlistTripEntry, owner: string, overrides: Partial<TripSnapshot> = {}): TripSnapshot => ({
    _id: trip._id,
    user_id: owner,
    user_email: `${owner}@example.test`,
    location_address: 'Lyon, France',
    trip_location: 'Lyon',
    image_url: 'new.jpg',
    trip_start: null,
    trip_end: null,
    total_cost: 9,
    currency: 'EUR',
    isFavorite: true,
    access: { [owner]: 'full' },
    ...overrides,
  });
  const shown = (update: TripSnapshot) => ({
    image_url: update.image_url,
    location_address: update.location_address,
    trip_start: update.trip_start,
    trip_end: update.trip_end,
    currency: update.currency,
  });

  it('when a trip is refreshed, then its preview changes unless the held snapshot is newer; repeats change nothing', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry({ snapshot_at: '2030-01-01T00:00:00.000Z' });
    await changes.placeTrip(owner, list._id, trip, 10);
    const update = snapshot(trip, owner);
    expect(await changes.refreshTrip(update, '2029-12-31T00:00:00.000Z')).toBe(0);
    expect((await store.findById(list._id))?.trips).toEqual([trip]);
    expect(await changes.refreshTrip(update, '2030-01-02T00:00:00.000Z')).toBe(1);
    const refreshed = { ...trip, ...shown(update), total_cost: 9, snapshot_at: '2030-01-02T00:00:00.000Z' };
    expect((await store.findById(list._id))?.trips).toEqual([refreshed]);
    await changes.refreshTrip(update, '2030-01-02T00:00:00.000Z');
    expect((await store.findById(list._id))?.trips).toEqual([refreshed]);
    expect(await changes.refreshTrip({ ...update, _id: newId() }, '2031-01-01T00:00:00.000Z')).toBe(0);
  });

  it('when snapshots carry versions, then the newest version wins whatever order they arrive in', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry({ version: 3 });
    await changes.placeTrip(owner, list._id, trip, 10);
    // Version 2 arrives late, stamped later than the entry: the version still decides.
    expect(await changes.refreshTrip(snapshot(trip, owner, { version: 2 }), '2099-01-01T00:00:00.000Z')).toBe(0);
    expect(
      await changes.refreshTrip(snapshot(trip, owner, { version: 4, total_cost: 40 }), '2000-01-01T00:00:00.000Z'),
    ).toBe(1);
    expect((await store.findById(list._id))?.trips[0]).toMatchObject({ version: 4, total_cost: 40 });
  });

  it('when a member holds the owner’s trip and is demoted, removed and invited back, then their entry follows their access and the owner’s does not change', async () => {
    const owner = userId();
    const member = userId();
    const ownersList = await newList(owner);
    const membersList = await newList(member);
    const trip = entry({ version: 1 });
    await changes.placeTrip(owner, ownersList._id, trip, 10);
    // The same trip in the member's list too (one list per user, not one in all).
    await changes.placeTrip(member, membersList._id, trip, 10);
    const entryOf = async (listId: string) => (await store.findById(listId))!.trips[0];

    await changes.refreshTrip(
      snapshot(trip, owner, { version: 2, access: { [owner]: 'full', [member]: 'hidden' }, total_cost: 77 }),
      '2030-01-02T00:00:00.000Z',
    );
    expect(await entryOf(membersList._id)).toEqual({
      ...trip,
      ...shown(snapshot(trip, owner)),
      total_cost: undefined,
      costs_hidden: true,
      version: 2,
      snapshot_at: '2030-01-02T00:00:00.000Z',
    });
    expect(await entryOf(membersList._id)).not.toHaveProperty('total_cost');
    expect(await entryOf(ownersList._id)).toMatchObject({ total_cost: 77, version: 2 });

    await changes.refreshTrip(
      snapshot(trip, owner, {
        version: 3,
        access: { [owner]: 'full' },
        total_cost: 9876.54,
        trip_start: '2031-01-01',
        location_address: 'Nice, France',
      }),
      '2030-01-03T00:00:00.000Z',
    );
    const gone = await entryOf(membersList._id);
    expect(gone).toEqual({
      _id: trip._id,
      image_url: 'new.jpg',
      location_address: 'Lyon, France',
      trip_start: null,
      trip_end: null,
      currency: 'EUR',
      version: 3,
      available: false,
      added_at: trip.added_at,
      snapshot_at: '2030-01-03T00:00:00.000Z',
    });
    // Nothing the owner changes afterwards reaches it.
    await changes.refreshTrip(
      snapshot(trip, owner, { version: 4, access: { [owner]: 'full' }, image_url: 'other.jpg' }),
      '2030-01-04T00:00:00.000Z',
    );
    expect(await entryOf(membersList._id)).toEqual(gone);
    expect(await entryOf(ownersList._id)).toMatchObject({ image_url: 'other.jpg', total_cost: 9, version: 4 });

    // Invited back as an editor: the entry is the trip again, with its costs.
    await changes.refreshTrip(
      snapshot(trip, owner, { version: 5, access: { [owner]: 'full', [member]: 'full' }, total_cost: 12 }),
      '2030-01-05T00:00:00.000Z',
    );
    const back = await entryOf(membersList._id);
    expect(back).toMatchObject({ total_cost: 12, version: 5 });
    expect(back).not.toHaveProperty('available');
  });

  it('when a snapshot was sent before access travelled with events, then only the owner’s entry shows money', async () => {
    const owner = userId();
    const member = userId();
    const trip = entry();
    const ownersList = await newList(owner);
    const membersList = await newList(member);
    await changes.placeTrip(owner, ownersList._id, trip, 10);
    await changes.placeTrip(member, membersList._id, trip, 10);
    const old = snapshot(trip, owner);
    delete old.access;
    await changes.refreshTrip(old, '2099-01-01T00:00:00.000Z');
    expect((await store.findById(ownersList._id))!.trips[0]).toMatchObject({ total_cost: 9 });
    expect((await store.findById(membersList._id))!.trips[0]).toMatchObject({ costs_hidden: true });
    expect((await store.findById(membersList._id))!.trips[0]).not.toHaveProperty('total_cost');
  });

  it('when a trip is removed everywhere, then it leaves its list and a repeat changes nothing', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    const kept = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    await changes.placeTrip(owner, list._id, kept, 10);
    expect(await changes.removeTripEverywhere(trip._id)).toBe(1);
    expect(await changes.removeTripEverywhere(trip._id)).toBe(0);
    expect((await store.findById(list._id))?.trips).toEqual([kept]);
  });

  it('when a trip goes to its owner’s bin, then its entry is set aside where it was and read back so; a later snapshot brings it back, an older one does not', async () => {
    const owner = userId();
    const list = await newList(owner);
    const [trip, kept] = [entry({ version: 5 }), entry()];
    await changes.placeTrip(owner, list._id, trip, 10);
    await changes.placeTrip(owner, list._id, kept, 10);
    expect(await changes.setTripAsideEverywhere(trip._id, 6, '2031-01-01T00:00:00.000Z')).toBe(1);
    expect(await changes.setTripAsideEverywhere(trip._id, 6, '2031-01-01T00:00:00.000Z')).toBe(0);
    const aside = { ...trip, in_bin: true, version: 6, snapshot_at: '2031-01-01T00:00:00.000Z' };
    expect((await store.findById(list._id))?.trips).toEqual([aside, kept]);
    expect((await store.findHolding(trip._id)).map((holder) => holder._id)).toEqual([list._id]);
    // A snapshot from before the deletion, late: still aside.
    expect(await changes.refreshTrip(snapshot(trip, owner, { version: 5 }), '2099-01-01T00:00:00.000Z')).toBe(0);
    // The restore's snapshot: back where it was, no longer aside.
    expect(await changes.refreshTrip(snapshot(trip, owner, { version: 7 }), '2031-01-02T00:00:00.000Z')).toBe(1);
    const [back] = (await store.findById(list._id))!.trips;
    expect(back).toMatchObject({ _id: trip._id, version: 7 });
    expect(back).not.toHaveProperty('in_bin');
    // The binning's event again, late: the entry already shows a later version and stays.
    expect(await changes.setTripAsideEverywhere(trip._id, 6, '2031-01-01T00:00:00.000Z')).toBe(0);
  });

  it('when all of a user’s lists are removed, then none of theirs is left, others’ stay, and a repeat removes nothing', async () => {
    const gone = userId();
    const stays = userId();
    const first = await newList(gone);
    await newList(gone);
    await changes.placeTrip(gone, first._id, entry(), 10);
    const other = await newList(stays);
    expect(await store.removeAllOfUser(gone)).toBe(2);
    expect(await store.listByUser(gone)).toEqual([]);
    expect(await store.countByUser(gone)).toBe(0);
    expect(await store.findById(first._id)).toBeNull();
    expect(await store.findById(other._id)).toEqual(other);
    expect(await store.removeAllOfUser(gone)).toBe(0);
  });

  it('when the store is reopened, then the lists and their trips are still there', async () => {
    const owner = userId();
    const list = await newList(owner);
    const trip = entry();
    await changes.placeTrip(owner, list._id, trip, 10);
    await store.close();
    store = await open();
    changes = listChanges(store);
    expect((await store.findById(list._id))?.trips).toEqual([trip]);
  });
}

describe('WishlistStore contract: embedded', () => {
  wishlistStoreContract(() => {
    const dir = tempDataDir();
    return () => openEmbeddedWishlistStore(dir);
  });
});

// The MongoDB adapter itself, through real mongoose, on a driver fake that compares ids
// as MongoDB does and enforces the unique indexes mongoose creates: runs everywhere.
describe('WishlistStore contract: mongo adapter on the driver fake', () => {
  wishlistStoreContract(() => {
    const mongo = fakeMongo();
    return () => openMongoWishlistStore(mongo.connect());
  });
});

// MongoDB runs only where mongoForTests() can provide one (MONGO_URL, or Docker for
// testcontainers); this machine has neither, so the block is skipped here. The suite
// is exactly the embedded one.
const mongoReachable = Boolean(process.env.MONGO_URL || process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
(mongoReachable ? describe : describe.skip)('WishlistStore contract: mongo', () => {
  let mongo: Awaited<ReturnType<typeof mongoForTests>>;
  beforeAll(async () => {
    mongo = await mongoForTests();
    if (!mongo) throw new Error('MongoDB was expected (MONGO_URL or Docker) but could not be reached');
  }, 120_000);
  afterAll(() => mongo?.stop());

  wishlistStoreContract(() => {
    const database = `wishlists-contract-${uniqueSuffix()}`;
    return async () => {
      const url = new URL(mongo!.url);
      url.pathname = `/${database}`;
      return openMongoWishlistStore(await connectMongo(url.toString(), silentLogger()), silentLogger());
    };
  });
});

// Two replicas over one MongoDB: only the unique index on trips._id can stop both
// moves from landing, and the losing move is retried. (The embedded store belongs to
// one process, where moves of one user are queued, as the suite above proves.)
(mongoReachable ? describe : describe.skip)('WishlistStore on MongoDB: two replicas', () => {
  it('when two replicas place the same trip into two lists at once, then it ends in exactly one', async () => {
    const mongo = await mongoForTests();
    try {
      const url = new URL(mongo!.url);
      url.pathname = `/wishlists-replicas-${uniqueSuffix()}`;
      const store = await openMongoWishlistStore(await connectMongo(url.toString(), silentLogger()));
      const owner = newId();
      const make = (name: string) =>
        store.create({ user_id: owner, email: 'o@example.test', list_name: name, name_key: name.toLowerCase() });
      const [first, second] = [await make('One'), await make('Two')];
      const trip = entry();
      for (let round = 0; round < 10; round += 1) {
        await Promise.all([
          listChanges(store).placeTrip(owner, first._id, trip, 10),
          listChanges(store).placeTrip(owner, second._id, trip, 10),
        ]);
        expect(await store.findHolding(trip._id)).toHaveLength(1);
      }
      await store.close();
    } finally {
      await mongo?.stop();
    }
  }, 120_000);
});
