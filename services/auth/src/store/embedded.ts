// UserStore on the embedded NeDB collection `<DATA_DIR>/auth/users.db` (local mode).
import { embeddedDir, isDuplicateKeyError, newId, openEmbeddedCollection } from '@tripcost/shared';
import {
  EmailTakenError,
  type NewUser,
  type User,
  type UserProfileFields,
  type UserStore,
  type UserWithCredentials,
} from './user-store';

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
      const found = await db.findOneAsync({ _id: id }, { passwordHash: 0 });
      return found ? (found as User) : null;
    },
    async findByEmailWithCredentials(email: string) {
      const found = await db.findOneAsync({ email });
      return found ? found : null;
    },
    async updateProfile(id: string, profile: UserProfileFields) {
      const { fname, lname, birthday, city, state, zip } = profile;
      const { affectedDocuments } = await db.updateAsync(
        { _id: id },
        { $set: { fname, lname, birthday, city, state, zip } },
        { returnUpdatedDocs: true },
      );
      const updated = affectedDocuments as UserWithCredentials | null;
      return updated ? withoutCredentials(updated) : null;
    },
    async updatePasswordHash(id: string, passwordHash: string) {
      await db.updateAsync({ _id: id }, { $set: { passwordHash } });
    },
    async remove(id: string) {
      const removed = await db.removeAsync({ _id: id }, {});
      // NeDB only appends a deletion marker; compacting rewrites the file without the user.
      await db.compactDatafileAsync();
      return removed > 0;
    },
    ping: () => collection.ping(),
    close: () => collection.close(),
  };
}

function withoutCredentials(user: UserWithCredentials): User {
  const { passwordHash: _hash, ...rest } = user;
  return rest;
}
