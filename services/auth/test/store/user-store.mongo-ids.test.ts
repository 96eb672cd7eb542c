// What auth's MongoDB adapter sends to the driver, recorded by the driver fake: users'
// `_id`s are ObjectIds in MongoDB, and to MongoDB a string never equals an ObjectId, so
// one string `_id` in a filter (the old tombstone and outbox writes went through the
// driver uncast) makes account deletion answer 200 and delete nothing.
import { newId, outboxEvent, startOutboxRelay } from '@tripcost/shared';
import { silentLogger, uniqueSuffix } from '@tripcost/shared/testing';
import { bsonTypeOf, fakeMongo, typesSentAt } from '@tripcost/shared/testing/mongo-fake';
import { openMongoUserStore } from '../../src/store/mongo';

const newUser = () => ({
  email: `ids-${uniqueSuffix()}@example.test`,
  passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
  role: 0,
  fname: 'Ada',
  lname: 'Lovelace',
  birthday: '1990-12-10',
  city: 'Boston',
  state: 'MA',
  zip: '02118',
});

describe('auth MongoDB adapter: one _id type in every driver call', () => {
  it('when an account lives and is deleted (create, profile, password, tombstone, outbox, purge), then every _id sent is an ObjectId, the tombstone replaces the very document and the relay purges it', async () => {
    const mongo = fakeMongo();
    const store = await openMongoUserStore(mongo.connection);
    const user = newUser();

    const created = await store.create(user);
    const [stored] = mongo.documents('users');
    expect(bsonTypeOf(stored._id)).toBe('objectId');
    expect(String(stored._id)).toBe(created._id);

    await store.updateProfile(created._id, { ...user, city: 'Salem' });
    await store.updatePasswordHash(created._id, 'scrypt$32768$8$1$bmV3$bmV3');
    expect(await store.findById(created._id)).toMatchObject({ _id: created._id, city: 'Salem' });

    const farewell = outboxEvent('user.deleted', { userId: created._id }, new Date().toISOString());
    expect(await store.remove(created._id, farewell)).toBe(true);
    // The tombstone is the same document (same ObjectId), holding nothing personal.
    const [tombstone] = mongo.documents('users');
    expect(bsonTypeOf(tombstone._id)).toBe('objectId');
    expect(String(tombstone._id)).toBe(created._id);
    expect(JSON.stringify(tombstone)).not.toContain(user.email);
    // The email is free again and user.deleted waits for the relay under the same id.
    await expect(store.create(user)).resolves.toMatchObject({ email: user.email });
    const pending = await store.pendingEvents(10);
    expect(pending).toEqual([{ docId: created._id, events: [farewell] }]);

    await store.markSent(created._id, [farewell.id]);
    expect(await store.pendingEvents(10)).toEqual([]);
    expect(mongo.documents('users').map((doc) => String(doc._id))).not.toContain(created._id);

    // Every call of the path, mongoose's and the raw driver's alike.
    const methods = new Set(mongo.calls.map((call) => call.method));
    expect(methods).toEqual(
      new Set(['insertOne', 'findOneAndUpdate', 'updateOne', 'findOne', 'replaceOne', 'find', 'deleteOne']),
    );
    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['objectId']));
  });

  it('when the outbox relay runs after a deletion, then user.deleted is published once and the tombstone is purged', async () => {
    const mongo = fakeMongo();
    const store = await openMongoUserStore(mongo.connection);
    const created = await store.create(newUser());
    const farewell = outboxEvent('user.deleted', { userId: created._id }, new Date().toISOString());
    expect(await store.remove(created._id, farewell)).toBe(true);

    const published: Array<{ type: string; payload: unknown; id?: string }> = [];
    const relay = startOutboxRelay(
      store,
      { publish: async (type, payload, id) => (published.push({ type, payload, id }), undefined as never) },
      silentLogger(),
      { pollMs: 10 },
    );
    try {
      relay.nudge();
      await relay.settled();
    } finally {
      await relay.close();
    }
    expect(published).toEqual([{ type: 'user.deleted', payload: { userId: created._id }, id: farewell.id }]);
    expect(mongo.documents('users')).toEqual([]);
    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['objectId']));
  });

  it('when a user is deleted without a farewell event, then the delete filter holds an ObjectId and the document goes', async () => {
    const mongo = fakeMongo();
    const store = await openMongoUserStore(mongo.connection);
    const created = await store.create(newUser());
    expect(await store.remove(created._id)).toBe(true);
    expect(mongo.documents('users')).toEqual([]);
    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['objectId']));
  });

  it('when an id is not a 24-hex string, then nothing is sent for it and nothing matches', async () => {
    const mongo = fakeMongo();
    const store = await openMongoUserStore(mongo.connection);
    await store.create(newUser());
    const before = mongo.calls.length;
    expect(await store.findById('not-an-id')).toBeNull();
    expect(
      await store.remove('not-an-id', outboxEvent('user.deleted', { userId: 'x' }, new Date().toISOString())),
    ).toBe(false);
    await store.markSent('not-an-id', [newId()]);
    expect(mongo.calls.length).toBe(before);
    expect(mongo.documents('users')).toHaveLength(1);
  });
});
