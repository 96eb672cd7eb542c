// UserStore on the embedded NeDB collection `<DATA_DIR>/auth/users.db` (local mode).
import { embeddedDir, isDuplicateKeyError, newId, openEmbeddedCollection, type OutboxEvent } from '@tripcost/shared';
import {
  EmailTakenError,
  tombstoneOf,
  type NewUser,
  type User,
  type UserProfileFields,
  type UserStore,
  type UserWithCredentials,
} from '../domain/user-store';

export async function openEmbeddedUserStore(dataDir: string): Promise<UserStore> {
  const collection = await openEmbeddedCollection<UserWithCredentials>(embeddedDir(dataDir, 'auth'), 'users', [
    { fieldName: 'email', unique: true },
  ]);
  const { db } = collection;

  return {
    async create(user: NewUser) {
      const record: UserWithCredentials = { ...user, _id: newId(), createdAt: new Date().toISOString() };
      try {
        await db.insertAsync(record);
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new EmailTakenError();
        throw error;
      }
      return withoutCredentials(record);
    },
    async findById(id: string) {
      const found = await db.findOneAsync({ _id: id, deleted_at: { $exists: false } }, { passwordHash: 0 });
      return found ? (found as User) : null;
    },
    async findByEmailWithCredentials(email: string) {
      const found = await db.findOneAsync({ email });
      return found ? found : null;
    },
    async updateProfile(id: string, profile: UserProfileFields) {
      const { fname, lname, birthday, city, state, zip, country, home_currency } = profile;
      const { affectedDocuments } = await db.updateAsync(
        { _id: id },
        { $set: { fname, lname, birthday, city, state, zip, country, home_currency } },
        { returnUpdatedDocs: true },
      );
      const updated = affectedDocuments as UserWithCredentials | null;
      return updated ? withoutCredentials(updated) : null;
    },
    async updatePasswordHash(id: string, passwordHash: string) {
      await db.updateAsync({ _id: id }, { $set: { passwordHash } });
    },
    async remove(id: string, farewell?: OutboxEvent) {
      const removed = await collection.exclusive(async () => {
        const live = await db.findOneAsync({ _id: id, deleted_at: { $exists: false } });
        if (!live) return false;
        if (farewell) await db.updateAsync({ _id: id }, tombstoneOf(id, farewell) as never, {});
        else await db.removeAsync({ _id: id }, {});
        return true;
      });
      // NeDB only appends; compacting rewrites the file without the user's data.
      await db.compactDatafileAsync();
      return removed;
    },
    async pendingEvents(limit) {
      const held = (await db.findAsync({ 'outbox.0': { $exists: true } }).limit(limit)) as unknown as {
        _id: string;
        outbox: OutboxEvent[];
      }[];
      return held.map((doc) => ({ docId: doc._id, events: doc.outbox }));
    },
    async markSent(id, eventIds) {
      await collection.exclusive(async () => {
        const doc = (await db.findOneAsync({ _id: id })) as unknown as { outbox?: OutboxEvent[] } | null;
        if (!doc) return;
        const outbox = (doc.outbox ?? []).filter((event) => !eventIds.includes(event.id));
        // A tombstone goes for good once its event is out.
        if (outbox.length === 0) await db.removeAsync({ _id: id }, {});
        else await db.updateAsync({ _id: id }, { $set: { outbox } }, {});
      });
      await db.compactDatafileAsync();
    },
    ping: () => collection.ping(),
    close: () => collection.close(),
  };
}

function withoutCredentials(user: UserWithCredentials): User {
  const { passwordHash: _hash, ...rest } = user;
  return rest;
}
