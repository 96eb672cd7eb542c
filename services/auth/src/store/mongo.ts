// UserStore on MongoDB through mongoose (MONGO_URL set). Every change is one
// single-document update; the unique index on email is built before we serve.
import type { Connection } from 'mongoose';
import { Schema } from 'mongoose';
import { fromMongo, isDuplicateKeyError, newId, pingMongo, type OutboxEvent } from '@tripcost/shared';
import {
  EmailTakenError,
  tombstoneOf,
  type NewUser,
  type User,
  type UserProfileFields,
  type UserStore,
  type UserWithCredentials,
} from './user-store';

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
    createdAt: { type: String, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

export async function openMongoUserStore(connection: Connection): Promise<UserStore> {
  const Users = connection.model('User', userSchema, 'users');
  // Registration relies on the unique index; make sure it exists before serving.
  await Users.init();

  return {
    async create(user: NewUser) {
      const record = { ...user, _id: newId(), createdAt: new Date().toISOString() };
      try {
        await Users.create(record);
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new EmailTakenError();
        throw error;
      }
      const { passwordHash: _hash, ...created } = record;
      return created;
    },
    async findById(id: string) {
      const found = await Users.findOne({ _id: id, deleted_at: { $exists: false } }, { passwordHash: 0 }).lean();
      return found ? fromMongo<User>(found) : null;
    },
    async findByEmailWithCredentials(email: string) {
      // `email` is a validated string; `$eq` keeps it a value even if that ever changed.
      const found = await Users.findOne({ email: { $eq: email } }).lean();
      return found ? fromMongo<UserWithCredentials>(found) : null;
    },
    async updateProfile(id: string, profile: UserProfileFields) {
      const { fname, lname, birthday, city, state, zip, country } = profile;
      const updated = await Users.findByIdAndUpdate(
        id,
        { $set: { fname, lname, birthday, city, state, zip, country } },
        { returnDocument: 'after', projection: { passwordHash: 0 } },
      ).lean();
      return updated ? fromMongo<User>(updated) : null;
    },
    async updatePasswordHash(id: string, passwordHash: string) {
      await Users.updateOne({ _id: id }, { $set: { passwordHash } });
    },
    async remove(id: string, farewell?: OutboxEvent) {
      const live = { _id: { $eq: id }, deleted_at: { $exists: false } };
      if (!farewell) return (await Users.deleteOne(live)).deletedCount > 0;
      // The driver's replaceOne: a tombstone is not a user, so the schema does not apply to it.
      const result = await Users.collection.replaceOne(live as never, tombstoneOf(id, farewell) as never);
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
      await Users.collection.updateOne({ _id: id as never }, { $pull: { outbox: { id: { $in: eventIds } } } } as never);
      await Users.collection.deleteOne({ _id: id as never, deleted_at: { $exists: true }, outbox: { $size: 0 } });
    },
    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}
