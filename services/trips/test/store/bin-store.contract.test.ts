// One contract for the bin stores of both trip store adapters, read back as written:
// a trip's records newest first, one record once however often it is added, things
// that came back leave it, the purge removes only what is older than its cutoff, and an
// account deletion takes what the person deleted and the bins of the trips they own.
// A deletion through the trips service fills the bin (from its history entry) before it
// returns; the bin job's fake clock proves the 30 days. A binned trip keeps taking its
// owner's favourite flag from wishlist events, and brings it back. Embedded always; the MongoDB
// adapter on the driver fake (strings never equal ObjectIds there, as on MongoDB).
import { newId } from '@tripcost/shared';
import { tempDataDir, testUser } from '@tripcost/shared/testing';
import { fakeMongo } from '@tripcost/shared/testing/mongo-fake';
import type { BinRecord, TripStore } from '../../src/trip';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { mongoTripStore } from '../../src/trip/store/mongo';
import { createTripsService } from '../../src/windows/domain/trips-service';
import { startBinPurge } from '../../src/windows/jobs/bin-purge';

const aRecord = (tripId: string, deletedAt: string, fields: Partial<BinRecord> = {}): BinRecord => {
  const entryId = '3f2b8c4e-6d1a-4b7e-9c2d-5e8f1a3b7c9d';
  const thingId = newId();
  return {
    _id: `${entryId}:${thingId}`,
    trip_id: tripId,
    owner_id: newId(),
    kind: 'window',
    thing_id: thingId,
    name: 'Early May',
    deleted_at: deletedAt,
    deleted_by: { user_id: newId(), name: 'Ada' },
    entry_id: entryId,
    entry_seq: [3, 0],
    ...fields,
  };
};

function binContract(name: string, open: () => Promise<TripStore>) {
  describe(`BinStore contract: ${name}`, () => {
    let store: TripStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('when records are added, then they read back as written, newest first, once each, and leave when their thing is back', async () => {
      const tripId = newId();
      const older = aRecord(tripId, '2031-01-01T00:00:00.000Z');
      const newer = aRecord(tripId, '2031-01-02T00:00:00.000Z', { kind: 'item', window_id: newId(), name: 'Hotel' });
      await store.bin.add([older, aRecord(newId(), '2031-01-03T00:00:00.000Z')]);
      await store.bin.add([newer, { ...older, name: 'added again' }]);
      expect(await store.bin.list(tripId)).toEqual([newer, older]);
      expect(await store.bin.find(tripId, newer._id)).toEqual(newer);
      expect(await store.bin.find(newId(), newer._id)).toBeNull();
      await store.bin.removeThings(tripId, [older.thing_id]);
      expect(await store.bin.list(tripId)).toEqual([newer]);
    });

    it('when one removal binned several things at one time, then they list in one order on every adapter, each as written', async () => {
      const tripId = newId();
      const at = '2031-02-01T00:00:00.000Z';
      // An import's apply, one entry: records sharing their time and entry, one with an absent field left undefined.
      const [a, b, c] = [
        aRecord(tripId, at, { window_id: undefined }),
        aRecord(tripId, at, { kind: 'item', window_id: newId(), name: 'Ferry' }),
        aRecord(tripId, at, { kind: 'item', window_id: newId(), name: 'Tram pass' }),
      ].map((record, n) => ({ ...record, _id: `${record.entry_id}:${String(n).repeat(24)}` }));
      await store.bin.add([b, a, c]);
      const listed = await store.bin.list(tripId);
      expect(listed).toEqual([c, b, a]);
      expect(listed[2]).not.toHaveProperty('window_id'); // never a stored null
      expect(await store.bin.find(tripId, a._id)).toStrictEqual(fromJson(a));
    });

    it('when the purge runs, then only what was deleted before its cutoff goes', async () => {
      const tripId = newId();
      const old = aRecord(tripId, '2020-01-01T00:00:00.000Z');
      const recent = aRecord(tripId, '2020-02-15T00:00:00.000Z');
      await store.bin.add([old, recent]);
      expect(await store.bin.purgeBefore('2020-02-01T00:00:00.000Z')).toBeGreaterThanOrEqual(1);
      expect(await store.bin.list(tripId)).toEqual([recent]);
    });

    it('when an account is deleted, then what they deleted and the bins of the trips they own go, the rest stays', async () => {
      const bo = newId();
      const tripId = newId();
      const theirs = aRecord(tripId, '2031-01-01T00:00:00.000Z', { deleted_by: { user_id: bo, name: 'Bo' } });
      const ofTheirTrip = aRecord(newId(), '2031-01-01T00:00:00.000Z', { owner_id: bo });
      const others = aRecord(tripId, '2031-01-02T00:00:00.000Z');
      await store.bin.add([theirs, ofTheirTrip, others]);
      await store.bin.forgetUser(bo);
      expect(await store.bin.list(tripId)).toEqual([others]);
      expect(await store.bin.list(ofTheirTrip.trip_id)).toEqual([]);
    });

    it('when a window is deleted through the service, then it is in the bin at once, listed for 30 days and purged by the job after', async () => {
      let now = new Date('2031-03-01T10:00:00.000Z');
      const trips = createTripsService({ store, now: () => now });
      const ada = testUser({ name: 'Ada' });
      const trip = await trips.createTrip(ada, { location_address: 'Lisbon, Portugal' });
      const window = await trips.addInstance(ada, trip._id, {
        label: 'Early May',
        trip_start: '2031-05-01T00:00:00.000Z',
        trip_end: '2031-05-05T00:00:00.000Z',
        stay_expense: 100,
        travel_expense: 50,
        car_expense: 0,
        other_expense: 0,
      } as never);
      await trips.removeInstance(ada, trip._id, window.instance._id);
      const [record] = (await trips.tripBin(ada, trip._id)).items;
      expect(record).toMatchObject({ kind: 'window', thing_id: window.instance._id, name: 'Early May' });
      expect(record.deleted_by).toEqual({ user_id: ada.id, name: 'Ada' });

      now = new Date('2031-03-31T09:00:00.000Z'); // 29 days and 23 hours later
      expect((await trips.tripBin(ada, trip._id)).items).toHaveLength(1);
      now = new Date('2031-03-31T11:00:00.000Z'); // past 30 days
      expect((await trips.tripBin(ada, trip._id)).items).toEqual([]);
      const job = startBinPurge(trips, {
        intervalMs: 60_000,
        logger: { info: () => undefined, warn: () => undefined } as never,
      });
      await waitFor(async () => (await store.bin.find(trip._id, record._id)) === null);
      job.stop();
      await expect(trips.restoreFromBin(ada, trip._id, record._id)).rejects.toMatchObject({ status: 404 });
    });

    it('when a trip is deleted, then it waits in its owner’s bin 30 days and the purge takes it with its history; an account deletion at once', async () => {
      let now = new Date('2031-03-01T10:00:00.000Z');
      const trips = createTripsService({ store, now: () => now });
      const ada = testUser({ name: 'Ada' });
      const kept = await trips.createTrip(ada, { location_address: 'Lisbon, Portugal' });
      const purged = await trips.createTrip(ada, { location_address: 'Porto, Portugal' });
      await trips.deleteTrip(ada, purged._id);
      await sendEvents(store); // the relay's work: a trip in the bin is not purged by it
      expect((await trips.deletedTrips(ada)).trips.map((trip) => trip._id)).toEqual([purged._id]);
      now = new Date('2031-03-31T11:00:00.000Z');
      expect(await trips.purgeBin()).toBe(1);
      expect(await store.findBinned(purged._id)).toBeNull();
      expect((await store.history.page(purged._id, 10)).entries).toEqual([]);
      // Its last event tells every copy it is gone for good (wishlists drop what they set aside).
      expect(await deletedEvents(store, purged._id)).toEqual([{ tripId: purged._id, userId: ada.id, binned: false }]);
      await sendEvents(store);
      expect((await store.pendingEvents(100)).map((pending) => pending.docId)).not.toContain(purged._id);
      await expect(trips.restoreTrip(ada, purged._id)).rejects.toMatchObject({ status: 404 });

      await trips.deleteTrip(ada, kept._id);
      expect(await deletedEvents(store, kept._id)).toEqual([{ tripId: kept._id, userId: ada.id, binned: true }]);
      await trips.forgetUser(ada.id);
      expect(await store.findBinned(kept._id)).toBeNull();
      expect((await store.history.page(kept._id, 10)).entries).toEqual([]);
      expect(await deletedEvents(store, kept._id)).toEqual([
        { tripId: kept._id, userId: ada.id, binned: true },
        { tripId: kept._id, userId: ada.id, binned: false },
      ]);
    });

    it('when wishlist events reach a trip in its owner’s bin, then the binned trip stores the owner’s flag, announces nothing, and comes back with it', async () => {
      const trips = createTripsService({ store });
      const [ada, stranger] = [testUser({ name: 'Ada' }), testUser({ name: 'Cy' })];
      const trip = await trips.createTrip(ada, { location_address: 'Faro, Portugal' });
      await trips.setFavorite(ada.id, [trip._id], true); // wishlist.trip-added
      await trips.deleteTrip(ada, trip._id);
      await sendEvents(store);

      await trips.setFavorite(stranger.id, [trip._id], false); // not their trip: nothing
      expect(await store.findBinned(trip._id)).toMatchObject({ isFavorite: true });
      await trips.setFavorite(ada.id, [trip._id], false); // wishlist.deleted, the trip in the bin
      expect(await store.findBinned(trip._id)).toMatchObject({ isFavorite: false, in_bin: true });
      // A trip.updated now would bring the trip back into every list while it is binned.
      expect(await pendingTypes(store, trip._id)).toEqual([]);
      expect((await trips.deletedTrips(ada)).trips.map((binned) => binned._id)).toEqual([trip._id]);

      const restored = await trips.restoreTrip(ada, trip._id);
      expect(restored.isFavorite).toBe(false);
      expect((await store.findById(trip._id))?.isFavorite).toBe(false);
      const favourites = await store.listByUser(ada.id, { favoritesOnly: true, limit: 50, offset: 0 });
      expect(favourites.map((listed) => listed._id)).not.toContain(trip._id);
      const [announced] = (await store.pendingEvents(100)).find((pending) => pending.docId === trip._id)!.events;
      expect(announced.type).toBe('trip.updated');
      expect((announced.payload as { trip: { isFavorite: boolean } }).trip.isFavorite).toBe(false);
      // Remembered as on a live trip: the owner's favourite went, while the trip was in the bin.
      const { entries } = await store.history.page(trip._id, 10);
      expect(entries.map((entry) => entry.action).slice(0, 3)).toEqual(['restore', 'trip', 'deleted']);
      expect(entries[1].actor).toEqual({ user_id: ada.id, name: 'Ada' });
      expect(entries[1].changes).toEqual([expect.objectContaining({ field: 'isFavorite', from: true, to: false })]);
    });

    it('when a restore and a wishlist event for the binned trip collide, then both land: the restore retries, the event finds the trip live', async () => {
      const trips = createTripsService({ store });
      const ada = testUser({ name: 'Ada' });
      // One step of another replica, run once: before a binned trip is read, or before a restore writes.
      const steps: { beforeBinRead?: () => Promise<unknown>; beforeRestoreWrite?: () => Promise<unknown> } = {};
      const run = async (which: keyof typeof steps) => {
        const step = steps[which];
        delete steps[which];
        await step?.();
      };
      const racing: TripStore = {
        ...store,
        findBinned: async (tripId) => {
          await run('beforeBinRead');
          return store.findBinned(tripId);
        },
        replace: async (next, expected) => {
          if (next.deleted_at === undefined) await run('beforeRestoreWrite');
          return store.replace(next, expected);
        },
      };
      const raced = createTripsService({ store: racing });

      // The restore read the binned trip; the owner's list is deleted before it writes.
      const first = await trips.createTrip(ada, { location_address: 'Faro, Portugal' });
      await trips.setFavorite(ada.id, [first._id], true);
      await trips.deleteTrip(ada, first._id);
      steps.beforeRestoreWrite = () => trips.setFavorite(ada.id, [first._id], false);
      expect((await raced.restoreTrip(ada, first._id)).isFavorite).toBe(false);
      expect(steps).toEqual({});
      expect((await store.findById(first._id))?.isFavorite).toBe(false);

      // The event found the trip binned; it is restored before the event reads it in the bin.
      const second = await trips.createTrip(ada, { location_address: 'Tavira, Portugal' });
      await trips.setFavorite(ada.id, [second._id], true);
      await trips.deleteTrip(ada, second._id);
      steps.beforeBinRead = () => trips.restoreTrip(ada, second._id);
      await raced.setFavorite(ada.id, [second._id], false);
      expect(steps).toEqual({});
      expect((await store.findById(second._id))?.isFavorite).toBe(false);
      expect(await store.findBinned(second._id)).toBeNull();
    });
  });
}

/** The types of the events waiting in the trip's outbox. */
async function pendingTypes(store: TripStore, tripId: string): Promise<string[]> {
  const pending = (await store.pendingEvents(100)).find((trip) => trip.docId === tripId);
  return (pending?.events ?? []).map((event) => event.type);
}

/** The trip.deleted events waiting in the trip's outbox (their version aside). */
async function deletedEvents(store: TripStore, tripId: string): Promise<object[]> {
  const pending = (await store.pendingEvents(100)).find((trip) => trip.docId === tripId);
  return (pending?.events ?? [])
    .filter((event) => event.type === 'trip.deleted')
    .map((event) => {
      const { version: _version, ...payload } = event.payload as { version?: number };
      return payload;
    });
}

/** The record as JSON holds it (an undefined field absent). */
const fromJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

async function sendEvents(store: TripStore): Promise<void> {
  for (const { docId, events } of await store.pendingEvents(100)) {
    await store.markSent(
      docId,
      events.map((event) => event.id),
    );
  }
}

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await done()).toBe(true);
}

binContract('embedded', () => openEmbeddedTripStore(tempDataDir()));
binContract('mongo adapter on the driver fake', async () => mongoTripStore(fakeMongo().connection));
