// The driver fake the MongoDB adapter tests rely on must compare as MongoDB 6+ does,
// or those tests would prove nothing: a string never equals an ObjectId.
import { Schema, Types } from 'mongoose';
import { fakeMongo, typesSentAt } from '../src/testing/mongo-fake';

describe('driver fake', () => {
  it('when a filter holds the hex string of a stored ObjectId, then nothing matches, through mongoose casting it does', async () => {
    const mongo = fakeMongo();
    const Things = mongo.connection.model('Thing', new Schema({ name: String }), 'things');
    const id = new Types.ObjectId();
    await Things.collection.insertOne({ _id: id, name: 'a' });

    expect(await Things.collection.findOne({ _id: id.toHexString() as never })).toBeNull();
    expect(
      (await Things.collection.updateOne({ _id: id.toHexString() as never }, { $set: { name: 'b' } })).matchedCount,
    ).toBe(0);
    expect(await Things.findOne({ _id: id.toHexString() }).lean()).toMatchObject({ name: 'a' });
    expect(typesSentAt(mongo.calls, '_id')).toEqual(new Set(['objectId', 'string']));
  });

  it('when a replacement carries another _id type, then it is refused like the server refuses it', async () => {
    const mongo = fakeMongo();
    const Things = mongo.connection.model('Thing', new Schema({ name: String }), 'things');
    const id = new Types.ObjectId();
    await Things.collection.insertOne({ _id: id, name: 'a' });
    await expect(
      Things.collection.replaceOne({ _id: id }, { _id: id.toHexString(), name: 'b' } as never),
    ).rejects.toThrow(/immutable field '_id'/);
  });
});
