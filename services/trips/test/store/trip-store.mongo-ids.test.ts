// What the trips MongoDB adapter sends to the driver, recorded by the driver fake. Trips
// store their ids as the 24-hex strings the domain makes (the schema says `_id: String`;
// the adapter writes through the raw driver, which casts nothing), so every `_id`, every
// `user_id` and every window id must reach the driver as a string: to MongoDB a string
// never equals an ObjectId, and one cast somewhere would make that filter match nothing.
import { newId, outboxEvent } from '@tripcost/shared';
import { bsonTypeOf, fakeMongo, typesSentAt } from '@tripcost/shared/testing/mongo-fake';
import { NO_DATES_OR_EXPENSES, type TripRecord } from '../../src/trip';
import { mongoTripStore } from '../../src/trip/store/mongo';

const NOW = '2030-01-01T00:00:00.000Z';

function aTrip(userId: string): TripRecord {
  return {
    _id: newId(),
    user_id: userId,
    user_email: `${userId}@example.test`,
    location_address: 'Austin, TX, USA',
    trip_location: 'Austin, TX, USA',
    image_url: '',
    ...NO_DATES_OR_EXPENSES,
    isFavorite: false,
    instances: [],
    committedInstanceId: null,
    created_at: NOW,
    updated_at: NOW,
    version: 1,
  };
}

describe('trips MongoDB adapter: one type per id field in every driver call', () => {
  it('when a trip is inserted, listed, changed, deleted with an event, purged and a user removed, then every _id, user_id, people.user_id and window id sent is a string', async () => {
    const mongo = fakeMongo();
    const store = mongoTripStore(mongo.connection);
    const owner = newId();
    const trip = await store.insert(aTrip(owner));
    expect(bsonTypeOf(mongo.documents('trips')[0]._id)).toBe('string');

    expect(await store.findById(trip._id)).toMatchObject({ _id: trip._id });
    expect((await store.listByUser(owner, { limit: 10, offset: 0 })).map((t) => t._id)).toEqual([trip._id]);
    expect(await store.listVersions(owner, { limit: 10, offset: 0 })).toEqual([
      { _id: trip._id, version: 1, role: 'owner', votes_version: 0 },
    ]);
    expect((await store.findByIds([trip._id])).map((t) => t._id)).toEqual([trip._id]);
    expect(await store.idsByUser(owner)).toEqual([trip._id]);
    expect(await store.idsNamingUser(owner)).toEqual([]);

    const windowId = newId();
    const withWindow = {
      ...trip,
      instances: [{ ...(trip.instances[0] ?? {}), _id: windowId }],
      committedInstanceId: windowId,
      version: 2,
    } as TripRecord;
    expect(await store.replace(withWindow, 1)).toBe(true);

    const event = outboxEvent('trip.deleted', { tripId: trip._id, userId: owner }, NOW);
    expect(await store.replace({ ...withWindow, version: 3, deleted_at: NOW, outbox: [event] } as TripRecord, 2)).toBe(
      true,
    );
    expect(await store.findById(trip._id)).toBeNull();
    expect(await store.pendingEvents(10)).toEqual([{ docId: trip._id, events: [event] }]);
    await store.markSent(trip._id, [event.id]);
    expect(mongo.documents('trips')).toEqual([]);

    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['string']));
    expect(typesSentAt(mongo.calls, 'user_id')).toEqual(new Set(['string']));
    expect(typesSentAt(mongo.calls, 'instances._id')).toEqual(new Set(['string']));
    expect(typesSentAt(mongo.calls, 'people.user_id')).toEqual(new Set(['string']));
    // null: no window committed yet.
    expect(typesSentAt(mongo.calls, 'committedInstanceId')).toEqual(new Set(['null', 'string']));
  });
});
