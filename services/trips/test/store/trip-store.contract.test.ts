// One contract for every TripStore adapter: same documents, same order, same
// atomic changes. Embedded always; mongo only where mongoForTests() finds MongoDB.
import { existsSync } from 'node:fs';
import { connectMongo, newId } from '@tripcost/shared';
import { mongoForTests, silentLogger, tempDataDir, type TestMongo } from '@tripcost/shared/testing';
import { NO_DATES_OR_EXPENSES, type InstanceRecord, type TripRecord } from '../../src/domain/trip';
import { openEmbeddedTripStore } from '../../src/store/embedded';
import { mongoTripStore } from '../../src/store/mongo';
import type { TripStore } from '../../src/store/trip-store';

const NOW = '2030-01-01T00:00:00.000Z';
const LATER = '2030-01-02T00:00:00.000Z';

function aTrip(userId: string, fields: Partial<TripRecord> = {}): TripRecord {
  return {
    _id: newId(),
    user_id: userId,
    user_email: `${userId}@example.test`,
    location_address: 'Austin, TX, USA',
    trip_location: 'Austin, TX, USA',
    image_url: '/api/places-pics?photoreference=x',
    ...NO_DATES_OR_EXPENSES,
    isFavorite: false,
    instances: [],
    committedInstanceId: null,
    created_at: NOW,
    updated_at: NOW,
    ...fields,
  };
}

function anInstance(fields: Partial<InstanceRecord> = {}): InstanceRecord {
  return {
    _id: newId(),
    trip_start: '2030-03-01T00:00:00.000Z',
    trip_end: '2030-03-04T00:00:00.000Z',
    stay_expense: 100,
    travel_expense: 20.5,
    car_expense: 0,
    other_expense: 1.25,
    isCommitted: false,
    activities: [],
    created_at: NOW,
    ...fields,
  };
}

function tripStoreContract(name: string, open: () => Promise<TripStore>) {
  describe(`TripStore contract: ${name}`, () => {
    let store: TripStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    const tripWith = async (userId: string, instances: InstanceRecord[]) => {
      const trip = await store.insert(aTrip(userId));
      for (const instance of [...instances].reverse()) await store.addInstance(trip._id, userId, instance, 100, NOW);
      return trip;
    };

    it('when a trip is inserted, then it reads back as the same plain object with string ids', async () => {
      const trip = aTrip(newId(), { place_id: 'ChIJ_abc' });
      await store.insert(trip);
      expect(await store.findById(trip._id)).toEqual(trip);
      expect(await store.findById(newId())).toBeNull();
    });

    it('when listing, then start date ascending, undated last, paged, favourites filtered, only the user', async () => {
      const userId = newId();
      const undated = await store.insert(aTrip(userId, { created_at: '2030-01-01T00:00:00.000Z' }));
      const later = await store.insert(aTrip(userId, { trip_start: '2031-05-01T00:00:00.000Z', isFavorite: true }));
      const sooner = await store.insert(aTrip(userId, { trip_start: '2030-05-01T00:00:00.000Z' }));
      const undatedNewer = await store.insert(
        aTrip(userId, { created_at: '2030-02-01T00:00:00.000Z', isFavorite: true }),
      );
      await store.insert(aTrip(newId()));
      const ids = (trips: TripRecord[]) => trips.map((trip) => trip._id);
      expect(ids(await store.listByUser(userId, { limit: 10, offset: 0 }))).toEqual([
        sooner._id,
        later._id,
        undated._id,
        undatedNewer._id,
      ]);
      expect(ids(await store.listByUser(userId, { limit: 2, offset: 1 }))).toEqual([later._id, undated._id]);
      expect(ids(await store.listByUser(userId, { limit: 10, offset: 0, favoritesOnly: true }))).toEqual([
        later._id,
        undatedNewer._id,
      ]);
    });

    it('when the caller changes a listed trip, then the store is unaffected (lists are fresh copies)', async () => {
      const userId = newId();
      const trip = await tripWith(userId, [anInstance({ activities: ['Museum'] })]);
      const [listed] = await store.listByUser(userId, { limit: 10, offset: 0 });
      const before = structuredClone(listed);
      Object.assign(listed, { trip_location: 'changed', total_cost: 1 });
      Object.assign(listed.instances[0], { stay_expense: 999, total_cost: 1 });
      listed.instances[0].activities.push('changed');
      expect(await store.listByUser(userId, { limit: 10, offset: 0 })).toEqual([before]);
      expect(await store.findById(trip._id)).toEqual(before);
    });

    it('when instances are added, then the newest is first and the cap holds', async () => {
      const userId = newId();
      const trip = await store.insert(aTrip(userId));
      const first = anInstance();
      const second = anInstance();
      await store.addInstance(trip._id, userId, first, 2, NOW);
      const after = await store.addInstance(trip._id, userId, second, 2, LATER);
      expect(after?.instances.map((instance) => instance._id)).toEqual([second._id, first._id]);
      expect(after?.updated_at).toBe(LATER);
      expect(await store.addInstance(trip._id, userId, anInstance(), 2, NOW)).toBeNull();
      expect(await store.addInstance(trip._id, newId(), anInstance(), 100, NOW)).toBeNull();
    });

    it('when 50 instances are added at once, then all 50 are kept', async () => {
      const userId = newId();
      const trip = await store.insert(aTrip(userId));
      await Promise.all(Array.from({ length: 50 }, () => store.addInstance(trip._id, userId, anInstance(), 100, NOW)));
      expect((await store.findById(trip._id))?.instances).toHaveLength(50);
    });

    it('when an instance is committed, then only it is marked and its values are copied to the trip', async () => {
      const userId = newId();
      const a = anInstance({ stay_expense: 10 });
      const b = anInstance({ trip_start: null, trip_end: null, stay_expense: 99.99, other_expense: 0 });
      const trip = await tripWith(userId, [a, b]);
      await store.commitInstance(trip._id, userId, a._id, NOW);
      const committed = await store.commitInstance(trip._id, userId, b._id, LATER);
      expect(committed).toMatchObject({
        committedInstanceId: b._id,
        trip_start: null,
        trip_end: null,
        stay_expense: 99.99,
        travel_expense: b.travel_expense,
        car_expense: 0,
        other_expense: 0,
        updated_at: LATER,
      });
      expect(committed?.instances.map((instance) => [instance._id, instance.isCommitted])).toEqual([
        [a._id, false],
        [b._id, true],
      ]);
      expect(await store.commitInstance(trip._id, userId, newId(), NOW)).toBeNull();
      expect(await store.commitInstance(trip._id, newId(), a._id, NOW)).toBeNull();
    });

    it('when two commits race, then exactly one instance is committed and the trip matches it', async () => {
      const userId = newId();
      const a = anInstance({ stay_expense: 1 });
      const b = anInstance({ stay_expense: 2 });
      const trip = await tripWith(userId, [a, b]);
      await Promise.all([
        store.commitInstance(trip._id, userId, a._id, NOW),
        store.commitInstance(trip._id, userId, b._id, NOW),
      ]);
      const after = (await store.findById(trip._id))!;
      const marked = after.instances.filter((instance) => instance.isCommitted);
      expect(marked).toHaveLength(1);
      expect(after.committedInstanceId).toBe(marked[0]._id);
      expect(after.stay_expense).toBe(marked[0].stay_expense);
    });

    it('when the committed instance is removed, then commitment, dates and expenses are cleared', async () => {
      const userId = newId();
      const a = anInstance();
      const b = anInstance();
      const trip = await tripWith(userId, [a, b]);
      await store.commitInstance(trip._id, userId, a._id, NOW);
      const otherRemoved = await store.removeInstance(trip._id, userId, b._id, NOW);
      expect(otherRemoved).toMatchObject({ committedInstanceId: a._id, stay_expense: a.stay_expense });
      const removed = await store.removeInstance(trip._id, userId, a._id, LATER);
      expect(removed).toMatchObject({
        ...NO_DATES_OR_EXPENSES,
        committedInstanceId: null,
        instances: [],
        updated_at: LATER,
      });
      expect(await store.removeInstance(trip._id, userId, a._id, NOW)).toBeNull();
    });

    it('when instances are edited, then listed ones change, others stay, and the committed one is copied', async () => {
      const userId = newId();
      const a = anInstance();
      const b = anInstance();
      const trip = await tripWith(userId, [a, b]);
      await store.commitInstance(trip._id, userId, b._id, NOW);
      const updated = await store.update(
        trip._id,
        userId,
        {
          isFavorite: true,
          instanceEdits: [
            {
              _id: b._id,
              fields: { trip_end: '2030-03-09T00:00:00.000Z', car_expense: 7, activities: ['$where', 'hike'] },
            },
          ],
        },
        LATER,
      );
      expect(updated).toMatchObject({
        isFavorite: true,
        trip_end: '2030-03-09T00:00:00.000Z',
        car_expense: 7,
        trip_start: b.trip_start,
      });
      expect(updated?.instances[0]).toEqual(a);
      expect(updated?.instances[1]).toEqual({
        ...b,
        isCommitted: true,
        trip_end: '2030-03-09T00:00:00.000Z',
        car_expense: 7,
        activities: ['$where', 'hike'],
      });
      expect(await store.update(trip._id, userId, { instanceEdits: [{ _id: newId(), fields: {} }] }, NOW)).toBeNull();
    });

    it('when the trip fields are edited, then they apply only while the trip has no instances', async () => {
      const userId = newId();
      const bare = await store.insert(aTrip(userId));
      const fields = { trip_start: '2030-06-01T00:00:00.000Z', stay_expense: 5 };
      expect(await store.update(bare._id, userId, { tripFields: fields }, NOW)).toMatchObject(fields);
      const withInstance = await tripWith(userId, [anInstance()]);
      expect(await store.update(withInstance._id, userId, { tripFields: fields }, NOW)).toMatchObject(
        NO_DATES_OR_EXPENSES,
      );
      expect(await store.update(bare._id, newId(), { isFavorite: true }, NOW)).toBeNull();
    });

    it('when favourites are set, then only the user’s changed trips come back, and again changes nothing', async () => {
      const userId = newId();
      const mine = await store.insert(aTrip(userId));
      const theirs = await store.insert(aTrip(newId()));
      const changed = await store.setFavorite([mine._id, theirs._id, newId()], userId, true, LATER);
      expect(changed.map((trip) => [trip._id, trip.isFavorite])).toEqual([[mine._id, true]]);
      expect(await store.setFavorite([mine._id], userId, true, LATER)).toEqual([]);
      expect((await store.findById(theirs._id))?.isFavorite).toBe(false);
    });

    it('when a trip is removed, then only its owner can and it is gone', async () => {
      const userId = newId();
      const trip = await store.insert(aTrip(userId));
      expect(await store.remove(trip._id, newId())).toBe(false);
      expect(await store.remove(trip._id, userId)).toBe(true);
      expect(await store.findById(trip._id)).toBeNull();
      expect(await store.remove(trip._id, userId)).toBe(false);
    });

    it('when all of a user’s trips are removed, then none of theirs is left, others’ stay, and again removes nothing', async () => {
      const gone = newId();
      const stays = newId();
      const theirs = [
        await tripWith(gone, [anInstance()]),
        await store.insert(aTrip(gone)),
        await store.insert(aTrip(gone)),
      ];
      const other = await store.insert(aTrip(stays));
      expect(await store.removeAllOfUser(gone)).toBe(3);
      for (const trip of theirs) expect(await store.findById(trip._id)).toBeNull();
      expect(await store.listByUser(gone, { limit: 500, offset: 0 })).toEqual([]);
      expect(await store.findById(other._id)).toEqual(other);
      expect(await store.removeAllOfUser(gone)).toBe(0);
    });
  });
}

tripStoreContract('embedded', () => openEmbeddedTripStore(tempDataDir()));

// MongoDB is used only where it can exist: MONGO_URL, or a Docker engine for
// testcontainers (the same checks as mongoForTests, made synchronously because jest
// declares suites synchronously). This machine has neither, so here the block is
// skipped; it is the same suite, unchanged.
const mongoLikelyAvailable =
  Boolean(process.env.MONGO_URL || process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

(mongoLikelyAvailable ? describe : describe.skip)('with MongoDB', () => {
  let mongo: TestMongo | undefined;
  beforeAll(async () => {
    mongo = await mongoForTests();
    if (!mongo) throw new Error('MongoDB was expected (MONGO_URL or Docker) but could not be reached');
  }, 120_000);
  afterAll(() => mongo?.stop());

  tripStoreContract('mongo', async () => {
    // A fresh database per run, so runs never see each other's trips.
    const url = new URL(mongo!.url);
    url.pathname = `/trips-contract-${newId()}`;
    return mongoTripStore(await connectMongo(url.toString(), silentLogger()));
  });
});
