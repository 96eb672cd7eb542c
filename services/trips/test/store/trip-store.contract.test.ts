// One contract for every TripStore adapter: same documents, same order, the same
// compare-and-swap, and the domain's rules applied through it behave alike (racing
// commits, concurrent additions, collisions retried then 409, If-Match).
// Embedded always; mongo only where mongoForTests() finds MongoDB.
import { existsSync } from 'node:fs';
import { connectMongo, newId, outboxEvent } from '@tripcost/shared';
import { mongoForTests, silentLogger, tempDataDir, testUser, type TestMongo } from '@tripcost/shared/testing';
import { fakeMongo } from '@tripcost/shared/testing/mongo-fake';
import type { AuthUser } from '@tripcost/shared';
import { NO_DATES_OR_EXPENSES, type InstanceRecord, type TripRecord } from '../../src/trip';
import { createTripsService, type NewInstance, type TripsService } from '../../src/windows/domain/trips-service';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { mongoTripStore } from '../../src/trip/store/mongo';
import type { TripStore } from '../../src/trip';

const NOW = '2030-01-01T00:00:00.000Z';

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
    version: 1,
    ...fields,
  };
}

function newInstanceInput(): NewInstance {
  const { _id: _unused, isCommitted: _notInput, created_at: _setByServer, ...input } = anInstance();
  return input;
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

/**
 * A store whose compare-and-swap loses the race `collisions` times: before each of
 * those writes, another writer (a second replica) changes the trip first.
 */
function collidingStore(store: TripStore, collisions: number): TripStore {
  let left = collisions;
  return {
    ...store,
    async replace(next, expectedVersion) {
      if (left > 0) {
        left -= 1;
        const stored = (await store.findById(next._id))!;
        await store.replace(
          { ...stored, trip_location: `changed elsewhere ${left}`, version: expectedVersion + 1 },
          expectedVersion,
        );
      }
      return store.replace(next, expectedVersion);
    },
  };
}

function tripStoreContract(name: string, open: () => Promise<TripStore>) {
  describe(`TripStore contract: ${name}`, () => {
    let store: TripStore;
    let trips: TripsService;
    beforeAll(async () => {
      store = await open();
      trips = createTripsService({ store, now: () => new Date(NOW) });
    });
    afterAll(() => store.close());

    const owner = () => testUser();
    const tripWith = async (user: AuthUser, instances: InstanceRecord[]) => {
      const trip = await store.insert(aTrip(user.id, { instances }));
      return trip;
    };

    it('when a trip is inserted, then it reads back as the same plain object with string ids', async () => {
      const trip = aTrip(newId(), { place_id: 'ChIJ_abc', instances: [anInstance({ activities: ['a'] })] });
      await store.insert(trip);
      expect(await store.findById(trip._id)).toEqual(trip);
      expect(await store.findById(newId())).toBeNull();
    });

    it('when a trip in euros holds an item in dollars with a frozen rate, then both read back exactly (currency, fx with first_rate)', async () => {
      const item = {
        _id: newId(),
        category: 'travel' as const,
        name: 'Fare',
        amount: 200,
        basis: 'total' as const,
        booked: false,
        paid: false,
        link: '',
        confirmation: '',
        currency: 'USD',
        fx: { rate: 0.9223390518354546, date: '2030-01-02', source: 'ECB', first_rate: 0.91 },
      };
      const trip = aTrip(newId(), { currency: 'EUR', budget: 1167.82, instances: [anInstance({ items: [item] })] });
      await store.insert(trip);
      expect(await store.findById(trip._id)).toEqual(trip);
      const next = {
        ...trip,
        currency: 'USD',
        instances: [anInstance({ items: [{ ...item, fx: null }] })],
        version: 2,
      };
      expect(await store.replace(next, trip.version ?? 0)).toBe(true);
      expect(await store.findById(trip._id)).toEqual(next);
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
      const ids = (list: TripRecord[]) => list.map((trip) => trip._id);
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
      expect((await store.idsByUser(userId)).sort()).toEqual(ids([undated, later, sooner, undatedNewer]).sort());
    });

    it('when the caller changes a listed trip, then the store is unaffected (lists are fresh copies)', async () => {
      const userId = newId();
      const trip = await store.insert(aTrip(userId, { instances: [anInstance({ activities: ['Museum'] })] }));
      const [listed] = await store.listByUser(userId, { limit: 10, offset: 0 });
      const before = structuredClone(listed);
      Object.assign(listed, { trip_location: 'changed', total_cost: 1 });
      Object.assign(listed.instances[0], { stay_expense: 999, total_cost: 1 });
      listed.instances[0].activities.push('changed');
      expect(await store.listByUser(userId, { limit: 10, offset: 0 })).toEqual([before]);
      expect(await store.findById(trip._id)).toEqual(before);
    });

    it('when a replace names the stored version, then it is written; a stale version writes nothing', async () => {
      const trip = await store.insert(aTrip(newId(), { version: 3 }));
      expect(await store.replace({ ...trip, trip_location: 'stale', version: 3 }, 2)).toBe(false);
      expect(await store.findById(trip._id)).toEqual(trip);
      expect(await store.replace({ ...trip, trip_location: 'fresh', version: 4 }, 3)).toBe(true);
      expect(await store.findById(trip._id)).toMatchObject({ trip_location: 'fresh', version: 4 });
      expect(await store.replace({ ...trip, _id: newId(), version: 1 }, 0)).toBe(false);
    });

    it('when a trip was stored before versions existed, then it counts as version 0', async () => {
      const { version: _none, ...legacy } = aTrip(newId());
      await store.insert(legacy as TripRecord);
      expect(await store.replace({ ...legacy, trip_location: 'x', version: 1 }, 1)).toBe(false);
      expect(await store.replace({ ...legacy, trip_location: 'y', version: 1 }, 0)).toBe(true);
      expect(await store.findById(legacy._id)).toMatchObject({ trip_location: 'y', version: 1 });
    });

    describe('with the domain rules applied through it', () => {
      it('when instances are added, then the newest is first, versions count up, and the cap holds', async () => {
        const user = owner();
        const trip = await store.insert(aTrip(user.id));
        const first = await trips.addInstance(user, trip._id, newInstanceInput());
        const second = await trips.addInstance(user, trip._id, newInstanceInput());
        expect(second.trip.instances.map((instance) => instance._id)).toEqual([
          second.instance._id,
          first.instance._id,
        ]);
        expect(second.trip.version).toBe(3);
        const full = await store.insert(aTrip(user.id, { instances: Array.from({ length: 100 }, () => anInstance()) }));
        await expect(trips.addInstance(user, full._id, newInstanceInput())).rejects.toMatchObject({ status: 409 });
        await expect(trips.addInstance(testUser(), trip._id, newInstanceInput())).rejects.toMatchObject({
          status: 403,
        });
      });

      it('when 50 instances are added at once, then all 50 are kept', async () => {
        const user = owner();
        const trip = await store.insert(aTrip(user.id));
        await Promise.all(Array.from({ length: 50 }, () => trips.addInstance(user, trip._id, newInstanceInput())));
        expect((await store.findById(trip._id))?.instances).toHaveLength(50);
      });

      it('when an instance is committed, then only it is marked and its values are copied to the trip', async () => {
        const user = owner();
        const a = anInstance({ stay_expense: 10 });
        const b = anInstance({ trip_start: null, trip_end: null, stay_expense: 99.99, other_expense: 0 });
        const trip = await tripWith(user, [a, b]);
        await trips.commitInstance(user, trip._id, a._id);
        const committed = await trips.commitInstance(user, trip._id, b._id);
        expect(committed).toMatchObject({
          committedInstanceId: b._id,
          trip_start: null,
          trip_end: null,
          stay_expense: 99.99,
          travel_expense: b.travel_expense,
          car_expense: 0,
          other_expense: 0,
        });
        expect(committed.instances.map((instance) => [instance._id, instance.isCommitted])).toEqual([
          [a._id, false],
          [b._id, true],
        ]);
        await expect(trips.commitInstance(user, trip._id, newId())).rejects.toMatchObject({ status: 404 });
        await expect(trips.commitInstance(testUser(), trip._id, a._id)).rejects.toMatchObject({ status: 403 });
      });

      it('when commits race from two replicas, then exactly one instance is committed and the trip matches it', async () => {
        const user = owner();
        const a = anInstance({ stay_expense: 1 });
        const b = anInstance({ stay_expense: 2 });
        const trip = await tripWith(user, [a, b]);
        // Two service instances over one store: like two replicas, only the compare-and-swap orders them.
        const replica = createTripsService({ store });
        await Promise.all([trips.commitInstance(user, trip._id, a._id), replica.commitInstance(user, trip._id, b._id)]);
        const after = (await store.findById(trip._id))!;
        const marked = after.instances.filter((instance) => instance.isCommitted);
        expect(marked).toHaveLength(1);
        expect(after.committedInstanceId).toBe(marked[0]._id);
        expect(after.stay_expense).toBe(marked[0].stay_expense);
      });

      it('when commit and clear-plan race from two replicas for 20 rounds, then the trip always agrees with its plan', async () => {
        const user = owner();
        const a = anInstance({ stay_expense: 1, trip_start: '2030-03-01T00:00:00.000Z' });
        const b = anInstance({
          stay_expense: 2,
          trip_start: '2030-04-01T00:00:00.000Z',
          trip_end: '2030-04-04T00:00:00.000Z',
        });
        const trip = await tripWith(user, [a, b]);
        const replica = createTripsService({ store });
        await trips.commitInstance(user, trip._id, a._id);
        // Each round: one replica clears the plan while the other commits a window;
        // a clear that finds the other window committed answers 409, which is correct.
        for (let round = 0; round < 20; round += 1) {
          const target = round % 2 ? a : b;
          const current = (await store.findById(trip._id))!;
          const outcomes = await Promise.allSettled([
            current.committedInstanceId
              ? trips.clearPlan(user, trip._id, current.committedInstanceId)
              : Promise.resolve(null),
            replica.commitInstance(user, trip._id, target._id),
          ]);
          for (const outcome of outcomes) {
            if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ status: 409 });
          }
          const after = (await store.findById(trip._id))!;
          const committed = after.instances.filter((instance) => instance.isCommitted);
          const booked = after.instances.filter((instance) => instance.status === 'booked');
          expect(booked).toEqual(committed);
          if (after.committedInstanceId === null) {
            expect(committed).toEqual([]);
            expect(after).toMatchObject(NO_DATES_OR_EXPENSES);
          } else {
            expect(committed.map((instance) => instance._id)).toEqual([after.committedInstanceId]);
            expect(after).toMatchObject({
              trip_start: committed[0].trip_start,
              trip_end: committed[0].trip_end,
              stay_expense: committed[0].stay_expense,
            });
          }
        }
      });

      it('when a window is duplicated, then the copy is first with shifted dates, and the cap holds', async () => {
        const user = owner();
        const a = anInstance({ label: 'Easter', notes: 'quiet room', activities: ['Tram'] } as Partial<InstanceRecord>);
        const trip = await tripWith(user, [a]);
        const { instance } = await trips.duplicateInstance(user, trip._id, a._id, { shiftDays: 7 });
        expect(instance).toMatchObject({
          label: 'Easter',
          notes: 'quiet room',
          activities: ['Tram'],
          trip_start: '2030-03-08T00:00:00.000Z',
          trip_end: '2030-03-11T00:00:00.000Z',
          status: 'considering',
          isCommitted: false,
        });
        expect((await store.findById(trip._id))?.instances.map((window) => window._id)).toEqual([instance._id, a._id]);
        await expect(trips.duplicateInstance(testUser(), trip._id, a._id, { shiftDays: 7 })).rejects.toMatchObject({
          status: 403,
        });
      });

      it('when the committed instance is removed, then commitment, dates and expenses are cleared', async () => {
        const user = owner();
        const a = anInstance();
        const b = anInstance();
        const trip = await tripWith(user, [a, b]);
        await trips.commitInstance(user, trip._id, a._id);
        const otherRemoved = await trips.removeInstance(user, trip._id, b._id);
        expect(otherRemoved).toMatchObject({ committedInstanceId: a._id, stay_expense: a.stay_expense });
        const removed = await trips.removeInstance(user, trip._id, a._id);
        expect(removed).toMatchObject({ ...NO_DATES_OR_EXPENSES, committedInstanceId: null, instances: [] });
        await expect(trips.removeInstance(user, trip._id, a._id)).rejects.toMatchObject({ status: 404 });
      });

      it('when instances are edited, then listed ones change, others stay, and the committed one is copied', async () => {
        const user = owner();
        const a = anInstance();
        const b = anInstance();
        const trip = await tripWith(user, [a, b]);
        await trips.commitInstance(user, trip._id, b._id);
        const updated = await trips.updateTrip(user, trip._id, {
          isFavorite: true,
          instanceEdits: [
            {
              _id: b._id,
              fields: { trip_end: '2030-03-09T00:00:00.000Z', car_expense: 7, activities: ['$where', 'hike'] },
            },
          ],
        });
        expect(updated).toMatchObject({
          isFavorite: true,
          trip_end: '2030-03-09T00:00:00.000Z',
          car_expense: 7,
          trip_start: b.trip_start,
        });
        expect(updated.instances[0]).toMatchObject(a);
        expect(updated.instances[1]).toMatchObject({
          ...b,
          isCommitted: true,
          trip_end: '2030-03-09T00:00:00.000Z',
          car_expense: 7,
          activities: ['$where', 'hike'],
        });
        await expect(
          trips.updateTrip(user, trip._id, { instanceEdits: [{ _id: newId(), fields: {} }] }),
        ).rejects.toMatchObject({ status: 400 });
      });

      it('when two clients edit different instances, then both edits are kept', async () => {
        const user = owner();
        const a = anInstance();
        const b = anInstance();
        const trip = await tripWith(user, [a, b]);
        const replica = createTripsService({ store });
        await Promise.all([
          trips.updateTrip(user, trip._id, { instanceEdits: [{ _id: a._id, fields: { stay_expense: 11 } }] }),
          replica.updateTrip(user, trip._id, { instanceEdits: [{ _id: b._id, fields: { car_expense: 22 } }] }),
        ]);
        const after = (await store.findById(trip._id))!;
        expect(after.instances.find((instance) => instance._id === a._id)?.stay_expense).toBe(11);
        expect(after.instances.find((instance) => instance._id === b._id)?.car_expense).toBe(22);
      });

      it('when If-Match names an older version, then 412 and nothing changes; the current one applies', async () => {
        const user = owner();
        const a = anInstance();
        const trip = await tripWith(user, [a]);
        const seen = await trips.getTrip(user, trip._id);
        await trips.updateTrip(user, trip._id, { instanceEdits: [{ _id: a._id, fields: { stay_expense: 1 } }] });
        const stale = { ifMatch: `"${seen.version}"` };
        await expect(
          trips.updateTrip(user, trip._id, { instanceEdits: [{ _id: a._id, fields: { stay_expense: 2 } }] }, stale),
        ).rejects.toMatchObject({ status: 412 });
        await expect(trips.removeInstance(user, trip._id, a._id, stale)).rejects.toMatchObject({ status: 412 });
        await expect(trips.deleteTrip(user, trip._id, stale)).rejects.toMatchObject({ status: 412 });
        expect((await store.findById(trip._id))?.instances[0].stay_expense).toBe(1);
        const current = { ifMatch: `"${seen.version + 1}"` };
        await expect(trips.commitInstance(user, trip._id, a._id, current)).resolves.toMatchObject({
          committedInstanceId: a._id,
        });
      });

      it('when a write collides with another replica, then it is retried and succeeds; when it always collides, 409', async () => {
        const user = owner();
        const a = anInstance();
        const trip = await tripWith(user, [a]);
        const retrying = createTripsService({ store: collidingStore(store, 2) });
        const committed = await retrying.commitInstance(user, trip._id, a._id);
        expect(committed).toMatchObject({ committedInstanceId: a._id, trip_location: 'changed elsewhere 0' });
        expect(committed.version).toBe(4);

        const other = await tripWith(user, [anInstance()]);
        const hopeless = createTripsService({
          store: collidingStore(store, 1000),
          changeAttempts: 3,
        });
        await expect(hopeless.commitInstance(user, other._id, other.instances[0]._id)).rejects.toMatchObject({
          status: 409,
        });
        expect((await store.findById(other._id))?.committedInstanceId).toBeNull();
      });

      it('when the trip fields are edited, then they apply only while the trip has no instances', async () => {
        const user = owner();
        const bare = await store.insert(aTrip(user.id));
        const fields = { trip_start: '2030-06-01T00:00:00.000Z', stay_expense: 5 };
        expect(await trips.updateTrip(user, bare._id, { tripFields: fields })).toMatchObject(fields);
        const withInstance = await tripWith(user, [anInstance()]);
        expect(await trips.updateTrip(user, withInstance._id, { tripFields: fields })).toMatchObject(
          NO_DATES_OR_EXPENSES,
        );
        await expect(trips.updateTrip(testUser(), bare._id, { isFavorite: true })).rejects.toMatchObject({
          status: 403,
        });
      });

      it('when favourites are set from events, then only the user’s trips change, and again changes nothing', async () => {
        const user = owner();
        const mine = await store.insert(aTrip(user.id));
        const theirs = await store.insert(aTrip(newId()));
        await trips.setFavorite(user.id, [mine._id, theirs._id, newId()], true);
        const flagged = (await store.findById(mine._id))!;
        expect(flagged.isFavorite).toBe(true);
        expect(flagged.outbox?.map((event) => event.type)).toEqual(['trip.updated']);
        await trips.setFavorite(user.id, [mine._id], true);
        expect(await store.findById(mine._id)).toEqual(flagged);
        expect(await store.findById(theirs._id)).toEqual(theirs);
      });

      it('when a change is stored, then its event is in the same write; markSent clears it and keeps the version', async () => {
        const user = owner();
        const a = anInstance();
        const trip = await tripWith(user, [a]);
        const committed = await trips.commitInstance(user, trip._id, a._id);
        const stored = (await store.findById(trip._id))!;
        // The plan changed: the snapshot other services keep, and what alerts read (issue 42).
        expect(stored.outbox).toEqual([
          {
            id: expect.any(String),
            type: 'trip.alert-state',
            occurredAt: NOW,
            payload: {
              trip: expect.objectContaining({
                _id: trip._id,
                committed: expect.objectContaining({ instance_id: a._id }),
              }),
            },
          },
          {
            id: expect.any(String),
            type: 'trip.updated',
            occurredAt: NOW,
            payload: { trip: expect.objectContaining({ _id: trip._id, total_cost: committed.total_cost }) },
          },
        ]);
        const pending = await store.pendingEvents(1000);
        expect(pending).toContainEqual({ docId: trip._id, events: stored.outbox });
        await store.markSent(
          trip._id,
          stored.outbox!.map((event) => event.id),
        );
        const after = (await store.findById(trip._id))!;
        expect(after.outbox).toEqual([]);
        expect(after.version).toBe(stored.version);
        expect((await store.pendingEvents(1000)).map((entry) => entry.docId)).not.toContain(trip._id);
      });

      it('when a change leaves the snapshot as it was, then it announces nothing; a newer trip.updated replaces a pending one', async () => {
        const user = owner();
        const a = anInstance();
        const trip = await tripWith(user, [a]);
        // Travelers and a window's notes are no part of the snapshot other services keep.
        await trips.updateTrip(user, trip._id, {
          travelers: 3,
          instanceEdits: [{ _id: a._id, fields: { notes: 'x' } }],
        });
        const quiet = (await store.findById(trip._id))!;
        expect(quiet).toMatchObject({ travelers: 3, version: 2 });
        expect(quiet.outbox ?? []).toEqual([]);
        await trips.commitInstance(user, trip._id, a._id);
        const [alertState, pending] = (await store.findById(trip._id))!.outbox!;
        expect(alertState.type).toBe('trip.alert-state');
        expect(pending.payload).toMatchObject({ trip: { trip_start: a.trip_start } });
        await trips.updateTrip(user, trip._id, { isFavorite: true });
        const stored = (await store.findById(trip._id))!;
        // A favourite is nothing alerts read: the pending alert state stays as it was.
        expect(stored.outbox).toEqual([
          alertState,
          {
            id: expect.any(String),
            type: 'trip.updated',
            occurredAt: NOW,
            payload: { trip: expect.objectContaining({ trip_start: a.trip_start, isFavorite: true }) },
          },
        ]);
        expect(stored.outbox![0].id).not.toBe(pending.id);
        // The relay took the replaced event before the change: marking it sent leaves the newer one.
        await store.markSent(trip._id, [pending.id]);
        expect((await store.findById(trip._id))!.outbox).toEqual(stored.outbox);
      });

      it('when a trip is deleted, then only its owner can, it is gone at once, and purged once its event is sent', async () => {
        const user = owner();
        const trip = await store.insert(aTrip(user.id));
        await expect(trips.deleteTrip(testUser(), trip._id)).rejects.toMatchObject({ status: 403 });
        await trips.deleteTrip(user, trip._id);
        expect(await store.findById(trip._id)).toBeNull();
        expect(await store.listByUser(user.id, { limit: 10, offset: 0 })).toEqual([]);
        expect(await store.idsByUser(user.id)).toEqual([]);
        await expect(trips.deleteTrip(user, trip._id)).rejects.toMatchObject({ status: 404 });
        const [tombstone] = (await store.pendingEvents(1000)).filter((entry) => entry.docId === trip._id);
        expect(tombstone.events.map((event) => [event.type, event.payload])).toEqual([
          ['trip.deleted', { tripId: trip._id, userId: user.id, binned: true, version: 2 }],
        ]);
        await store.markSent(trip._id, [tombstone.events[0].id]);
        expect((await store.pendingEvents(1000)).map((entry) => entry.docId)).not.toContain(trip._id);
        expect(await store.replace({ ...trip, version: 2 }, 1)).toBe(false); // purged, not just hidden
      });
    });

    describe('shared trips', () => {
      const member = (user_id: string, role: 'owner' | 'editor' | 'viewer') => ({
        user_id,
        name: role,
        role,
        joined_at: NOW,
      });

      it('when a trip is shared, then its members list and version it with their role, and it reads back as written', async () => {
        const [ownerId, editorId, viewerId] = [newId(), newId(), newId()];
        const hash = 'a'.repeat(64);
        const trip = aTrip(ownerId, {
          members: [member(ownerId, 'owner'), member(editorId, 'editor'), member(viewerId, 'viewer')],
          hide_costs_from_viewers: true,
          invites: [
            {
              _id: newId(),
              role: 'viewer',
              token_hash: hash,
              inviter_name: 'owner',
              created_at: NOW,
              expires_at: '2030-01-08T00:00:00.000Z',
            },
          ],
        });
        await store.insert(trip);
        expect(await store.findById(trip._id)).toEqual(trip);
        const page = { limit: 10, offset: 0 };
        for (const [userId, role] of [
          [ownerId, 'owner'],
          [editorId, 'editor'],
          [viewerId, 'viewer'],
        ] as const) {
          expect((await store.listByUser(userId, page)).map((t) => t._id)).toEqual([trip._id]);
          expect(await store.listVersions(userId, page)).toEqual([
            { _id: trip._id, version: 1, role, votes_version: 0 },
          ]);
        }
        expect(await store.listVersions(newId(), page)).toEqual([]);
        // Favourites are the owner's flag: never a member's list.
        expect(await store.listVersions(editorId, { ...page, favoritesOnly: true })).toEqual([]);
        expect(await store.idsSharedWith(viewerId)).toEqual([trip._id]);
        expect(await store.idsSharedWith(ownerId)).toEqual([]);
        expect((await store.findByInviteHash(hash))?._id).toBe(trip._id);
        expect(await store.findByInviteHash('b'.repeat(64))).toBeNull();
      });

      it('when votes are set and withdrawn, then they read back per window and user, counted apart from the version', async () => {
        const [ownerId, memberId] = [newId(), newId()];
        const instance = anInstance();
        const trip = aTrip(ownerId, { instances: [instance] });
        await store.insert(trip);
        expect(await store.setVote(trip._id, instance._id, ownerId, 'yes')).toBe(true);
        expect(await store.setVote(trip._id, instance._id, memberId, 'maybe')).toBe(true);
        const payload = { tripId: trip._id, instanceId: instance._id, label: 'May', userId: memberId, name: 'Bo' };
        const withdrawn = outboxEvent('trip.voted', { ...payload, vote: null }, '2031-04-01T10:00:00.000Z');
        expect(await store.setVote(trip._id, instance._id, memberId, null, withdrawn)).toBe(true);
        const stored = (await store.findById(trip._id))!;
        expect(stored.votes).toEqual({ [instance._id]: { [ownerId]: 'yes' } });
        // The vote's event is in the same write, for the relay (the votes digest, issue 42).
        expect(stored.outbox).toEqual([withdrawn]);
        expect(await store.pendingEvents(1000)).toContainEqual({ docId: trip._id, events: [withdrawn] });
        await store.markSent(trip._id, [withdrawn.id]);
        expect([stored.version, stored.votes_version]).toEqual([1, 3]);
        expect(await store.listVersions(ownerId, { limit: 10, offset: 0 })).toEqual([
          { _id: trip._id, version: 1, role: 'owner', votes_version: 3 },
        ]);
        expect(await store.setVote(newId(), instance._id, ownerId, 'yes')).toBe(false);
        // A change made from a read before a vote would drop it: the compare-and-swap refuses it.
        const read = (await store.findById(trip._id))!;
        await store.setVote(trip._id, instance._id, memberId, 'no');
        expect(await store.replace({ ...read, trip_location: 'stale', version: 2 }, 1)).toBe(false);
        expect(
          await store.replace({ ...(await store.findById(trip._id))!, trip_location: 'fresh', version: 2 }, 1),
        ).toBe(true);
        expect((await store.findById(trip._id))!.votes).toEqual({
          [instance._id]: { [ownerId]: 'yes', [memberId]: 'no' },
        });
      });

      it('when an invitation is 7 days old, then joining with it is 410; before, joining works once', async () => {
        let now = new Date(NOW);
        const clocked = createTripsService({ store, now: () => now });
        const ada = testUser({ name: 'Ada' });
        const trip = await clocked.createTrip(ada, { location_address: 'Porto, Portugal' });
        const invite = await clocked.createInvite(ada, trip._id, 'viewer');
        const bo = testUser({ name: 'Bo' });
        now = new Date(Date.parse(NOW) + 7 * 24 * 3600 * 1000 - 1);
        expect((await clocked.acceptInvite(bo, invite.token)).joined).toBe(true);
        now = new Date(Date.parse(NOW) + 7 * 24 * 3600 * 1000);
        await expect(clocked.acceptInvite(testUser(), invite.token)).rejects.toMatchObject({
          status: 410,
          message: expect.stringMatching(/expired/),
        });
        await expect(clocked.previewInvite(bo, invite.token)).rejects.toMatchObject({ status: 410 });
        expect((await clocked.listInvites(ada, trip._id))[0]!.state).toBe('expired');
      });

      it('when a trip names people and keeps payments, then they read back exactly and idsNamingUser finds it by the account', async () => {
        const [ownerId, memberId] = [newId(), newId()];
        const [adaId, boId] = [newId(), newId()];
        const trip = aTrip(ownerId, {
          members: [member(ownerId, 'owner'), member(memberId, 'editor')],
          people: [
            { _id: adaId, name: 'Ada', user_id: ownerId },
            {
              _id: boId,
              name: 'Bo',
              settle_currency: 'GBP',
              settle_fx: { rate: 0.85, date: '2030-01-01', source: 'ECB' },
            },
          ],
          payments: [
            {
              _id: newId(),
              from: boId,
              to: adaId,
              amount: 12.5,
              currency: 'GBP',
              fx: { rate: 1.17, date: '2030-01-01', source: 'ECB' },
              paid_on: '2030-01-02',
              note: 'dinner',
              created_at: NOW,
            },
          ],
          show_own_share: true,
          instances: [anInstance({ presence: { [boId]: { from: '2030-03-02', to: '2030-03-04' } } })],
        });
        await store.insert(trip);
        expect(await store.findById(trip._id)).toEqual(trip);
        expect(await store.idsNamingUser(ownerId)).toEqual([trip._id]);
        // A member who is none of the people, and an unknown account: none.
        expect(await store.idsNamingUser(memberId)).toEqual([]);
        expect(await store.idsNamingUser(newId())).toEqual([]);
      });

      it('when an account is deleted, then its person on another’s trip stays as “A former member” without the account, with its payments', async () => {
        const ada = testUser({ name: 'Ada' });
        const bo = testUser({ name: 'Bo' });
        const trip = await trips.createTrip(ada, { location_address: 'Porto, Portugal' });
        await trips.acceptInvite(bo, (await trips.createInvite(ada, trip._id, 'editor')).token);
        const named = await trips.updateTrip(ada, trip._id, {
          people: [
            { name: 'Ada', user_id: ada.id },
            { name: 'Bo', user_id: bo.id },
          ],
        });
        const [adaPerson, boPerson] = named.people.map((person) => person._id);
        await trips.addPayment(bo, trip._id, { from: boPerson, to: adaPerson, amount: 20, paid_on: '2030-01-02' });
        await trips.forgetUser(bo.id);
        const after = await trips.getTrip(ada, trip._id);
        expect(after.people.map((person) => [person._id, person.name, person.user_id])).toEqual([
          [adaPerson, 'Ada', ada.id],
          [boPerson, 'A former member', null],
        ]);
        expect((await trips.payments(ada, trip._id)).payments.map((payment) => payment.from)).toEqual([boPerson]);
        expect(await store.idsNamingUser(bo.id)).toEqual([]);
      });

      it('when an account is deleted, then it leaves every trip shared with it and its own trips are gone for their members', async () => {
        const ada = testUser({ name: 'Ada' });
        const bo = testUser({ name: 'Bo' });
        const adas = await trips.createTrip(ada, { location_address: 'Porto, Portugal' });
        const bos = await trips.createTrip(bo, { location_address: 'Oslo, Norway' });
        await trips.acceptInvite(bo, (await trips.createInvite(ada, adas._id, 'editor')).token);
        await trips.acceptInvite(ada, (await trips.createInvite(bo, bos._id, 'viewer')).token);
        await trips.forgetUser(bo.id);
        expect((await trips.getTrip(ada, adas._id)).members.map((m) => m.name)).toEqual(['Ada']);
        await expect(trips.getTrip(ada, bos._id)).rejects.toMatchObject({ status: 404 });
        expect(await store.listVersions(ada.id, { limit: 10, offset: 0 })).toEqual([
          { _id: adas._id, version: expect.any(Number), role: 'owner', votes_version: 0 },
        ]);
        // Again (a redelivered event) changes nothing.
        await trips.forgetUser(bo.id);
        expect((await trips.getTrip(ada, adas._id)).members).toHaveLength(1);
      });
    });
  });
}

tripStoreContract('embedded', () => openEmbeddedTripStore(tempDataDir()));
// The MongoDB adapter itself, through real mongoose, on a driver fake that compares ids
// as MongoDB does (a string never equals an ObjectId): runs everywhere, no server needed.
tripStoreContract('mongo adapter on the driver fake', async () => mongoTripStore(fakeMongo().connection));

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
