// What the wishlists MongoDB adapter sends to the driver, recorded by the driver fake:
// a list's `_id` is an ObjectId (the schema's default), its user_id and the trips it
// holds are 24-hex strings. To MongoDB a string never equals an ObjectId, so one value
// of the wrong type in a filter silently matches nothing.
import { newId, outboxEvent } from '@tripcost/shared';
import { bsonTypeOf, fakeMongo, typesSentAt } from '@tripcost/shared/testing/mongo-fake';
import { isNameKeyViolation, openMongoWishlistStore } from '../../src/store/mongo';
import { DuplicateListNameError, type WishlistTripEntry } from '../../src/domain/wishlist-store';

function entry(): WishlistTripEntry {
  const at = new Date().toISOString();
  return {
    _id: newId(),
    image_url: '',
    location_address: 'Paris, France',
    trip_start: null,
    trip_end: null,
    total_cost: 1200,
    added_at: at,
    snapshot_at: at,
  };
}

describe('wishlists MongoDB adapter: one type per id field in every driver call', () => {
  it('when a list is created, read, filled, renamed, deleted with an event and purged, then _id is always an ObjectId and user and trip ids always strings', async () => {
    const mongo = fakeMongo();
    const store = await openMongoWishlistStore(mongo.connection);
    const owner = newId();
    const list = await store.create({
      user_id: owner,
      email: 'o@example.test',
      list_name: 'Summer',
      name_key: 'summer',
    });
    expect(bsonTypeOf(mongo.documents('wishlists')[0]._id)).toBe('objectId');

    const trip = entry();
    expect(await store.replace({ ...list, trips: [trip], version: 2 }, 1)).toBe(true);
    expect(await store.findById(list._id)).toMatchObject({ _id: list._id, trips: [trip] });
    expect((await store.findHolding(trip._id)).map((held) => held._id)).toEqual([list._id]);
    expect((await store.listByUser(owner)).map((held) => held._id)).toEqual([list._id]);
    expect(await store.countByUser(owner)).toBe(1);

    const event = outboxEvent(
      'wishlist.deleted',
      { wishlistId: list._id, userId: owner, tripIds: [] },
      new Date().toISOString(),
    );
    const deleted = { ...list, trips: [], version: 3, deleted_at: new Date().toISOString(), outbox: [event] };
    expect(await store.replace(deleted, 2)).toBe(true);
    expect(await store.pendingEvents(10)).toEqual([{ docId: list._id, events: [event] }]);
    await store.markSent(list._id, [event.id]);
    expect(mongo.documents('wishlists')).toEqual([]);

    await store.create({ user_id: owner, email: 'o@example.test', list_name: 'Later', name_key: 'later' });
    expect(await store.removeAllOfUser(owner)).toBe(1);

    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['objectId']));
    expect(typesSentAt(mongo.calls, 'user_id')).toEqual(new Set(['string']));
    expect(typesSentAt(mongo.calls, 'trips._id')).toEqual(new Set(['string']));
  });
});

describe('wishlists MongoDB adapter: which unique index refused a write', () => {
  it('when the server leaves keyPattern out of its duplicate-key error, then renaming onto a taken name is still DuplicateListNameError', async () => {
    const mongo = fakeMongo({ duplicateErrorsWithoutKeyPattern: true });
    const store = await openMongoWishlistStore(mongo.connection);
    const owner = newId();
    await store.create({ user_id: owner, email: 'o@example.test', list_name: 'Summer', name_key: 'summer' });
    const other = await store.create({
      user_id: owner,
      email: 'o@example.test',
      list_name: 'Winter',
      name_key: 'winter',
    });
    await expect(
      store.replace({ ...other, list_name: 'Summer', name_key: 'summer', version: 2 }, 1),
    ).rejects.toBeInstanceOf(DuplicateListNameError);
  });

  it('when the same server refuses a second list holding a trip, then that is not read as a name clash', async () => {
    const mongo = fakeMongo({ duplicateErrorsWithoutKeyPattern: true });
    const store = await openMongoWishlistStore(mongo.connection);
    const owner = newId();
    const trip = entry();
    const first = await store.create({ user_id: owner, email: 'o@example.test', list_name: 'A', name_key: 'a' });
    const second = await store.create({ user_id: owner, email: 'o@example.test', list_name: 'B', name_key: 'b' });
    await store.replace({ ...first, trips: [trip], version: 2 }, 1);
    const refused = store.replace({ ...second, trips: [trip], version: 2 }, 1);
    await expect(refused).rejects.toMatchObject({ code: 11000 });
    await expect(refused).rejects.not.toBeInstanceOf(DuplicateListNameError);
  });

  it.each([
    ['keyPattern', { code: 11000, keyPattern: { user_id: 1, name_key: 1 } }, true],
    ['keyValue only', { code: 11000, keyValue: { user_id: 'u', name_key: 'summer' } }, true],
    [
      'errmsg only',
      {
        code: 11000,
        errmsg:
          'E11000 duplicate key error collection: db.wishlists index: user_id_1_name_key_1 dup key: { : "u", : "summer" }',
      },
      true,
    ],
    ['message only', { code: 11000, message: 'E11000 duplicate key error index: user_id_1_name_key_1' }, true],
    [
      'the trip index by message',
      {
        code: 11000,
        errmsg: 'E11000 duplicate key error collection: db.wishlists index: trip_in_one_list dup key: { : "abc" }',
      },
      false,
    ],
    ['the trip index by keyPattern', { code: 11000, keyPattern: { 'trips._id': 1 } }, false],
  ])('when the error carries %s, then the name index is recognised only when it fired', (_case, error, expected) => {
    expect(isNameKeyViolation(error)).toBe(expected);
  });
});
