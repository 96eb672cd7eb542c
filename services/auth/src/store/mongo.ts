// UserStore on MongoDB through mongoose (MONGO_URL set). Every change is one
// single-document update; the unique index on email is built before we serve.
//
// Users' `_id`s are ObjectIds in MongoDB (the schema's default type, and what every
// stored account already holds), while the store's callers hand it 24-hex strings.
// Mongoose casts a string to an ObjectId in its own queries, but the driver's methods
// (`Users.collection.*`, needed for tombstones and outbox bookkeeping) send exactly what
// they are given, and to MongoDB a string never equals an ObjectId: such a filter
// matches nothing and the write is silently lost. So every filter and document below
// gets its `_id` from `objectIdOf`, in mongoose and driver calls alike
// (test/store/user-store.mongo-ids.test.ts records what reaches the driver).
import type { Connection } from 'mongoose';
import { Schema, Types } from 'mongoose';
import { fromMongo, isDuplicateKeyError, isObjectId, newId, pingMongo, type OutboxEvent } from '@tripcost/shared';
import {
  EmailTakenError,
  tombstoneOf,
  type NewUser,
  type User,
  type UserProfileFields,
  type UserStore,
  type UserWithCredentials,
} from '../domain/user-store';

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: Number, required: true, default: 0 },
    fname: { type: String, required: true },
    lname: { type: String, required: true },
    birthday: { type: String, required: true },
    city: { type: String, required: true },
    state: { type: String, required: true },
    zip: { type: String, required: true },
    // Absent on accounts made before countries existed; the domain reads those as US.
    country: { type: String },
    // Absent on accounts made before currencies existed; the domain reads those as USD.
    home_currency: { type: String },
    createdAt: { type: String, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

/** The stored form of a user id; null for a string no user can have (it then matches nothing). */
function objectIdOf(id: string): Types.ObjectId | null {
  return isObjectId(id) ? new Types.ObjectId(id) : null;
}

export async function openMongoUserStore(connection: Connection): Promise<UserStore> {
  const Users = connection.model('User', userSchema, 'users');
  // Registration relies on the unique index; make sure it exists before serving.
  await Users.init();

  return {
    async create(user: NewUser) {
      const record = { ...user, _id: newId(), createdAt: new Date().toISOString() };
      try {
        await Users.create({ ...record, _id: new Types.ObjectId(record._id) });
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new EmailTakenError();
        throw error;
      }
      const { passwordHash: _hash, ...created } = record;
      return created;
    },
    async findById(id: string) {
      const _id = objectIdOf(id);
      if (!_id) return null;
      const found = await Users.findOne({ _id, deleted_at: { $exists: false } }, { passwordHash: 0 }).lean();
      return found ? fromMongo<User>(found) : null;
    },
    async findByEmailWithCredentials(email: string) {
      // `email` is a validated string; `$eq` keeps it a value even if that ever changed.
      const found = await Users.findOne({ email: { $eq: email } }).lean();
      return found ? fromMongo<UserWithCredentials>(found) : null;
    },
    async updateProfile(id: string, profile: UserProfileFields) {
      const { fname, lname, birthday, city, state, zip, country, home_currency } = profile;
      const _id = objectIdOf(id);
      if (!_id) return null;
      const updated = await Users.findOneAndUpdate(
        { _id, deleted_at: { $exists: false } },
        { $set: { fname, lname, birthday, city, state, zip, country, home_currency } },
        { returnDocument: 'after', projection: { passwordHash: 0 } },
      ).lean();
      return updated ? fromMongo<User>(updated) : null;
    },
    async updatePasswordHash(id: string, passwordHash: string) {
      const _id = objectIdOf(id);
      if (_id) await Users.updateOne({ _id, deleted_at: { $exists: false } }, { $set: { passwordHash } });
    },
    async remove(id: string, farewell?: OutboxEvent) {
      const _id = objectIdOf(id);
      if (!_id) return false;
      const live = { _id: { $eq: _id }, deleted_at: { $exists: false } };
      if (!farewell) return (await Users.deleteOne(live)).deletedCount > 0;
      // The driver's replaceOne: a tombstone is not a user, so the schema does not apply to
      // it. Its _id must be the stored ObjectId: MongoDB refuses a replacement that changes _id.
      const result = await Users.collection.replaceOne(live as never, { ...tombstoneOf(id, farewell), _id } as never);
      return result.matchedCount > 0;
    },
    async pendingEvents(limit) {
      const held = await Users.collection
        .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1 } })
        .limit(limit)
        .toArray();
      return held.map((doc) => ({ docId: String(doc._id), events: doc.outbox as OutboxEvent[] }));
    },
    async markSent(id, eventIds) {
      const _id = objectIdOf(id);
      if (!_id) return;
      await Users.collection.updateOne({ _id }, { $pull: { outbox: { id: { $in: eventIds } } } } as never);
      await Users.collection.deleteOne({ _id, deleted_at: { $exists: true }, outbox: { $size: 0 } });
    },
    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}
