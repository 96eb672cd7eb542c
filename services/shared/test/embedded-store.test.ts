import { embeddedDir, isDuplicateKeyError, isObjectId, newId, openEmbeddedCollection } from '../src';
import { tempDataDir } from '../src/testing';

interface Counter {
  _id: string;
  name: string;
  value: number;
}

describe('embedded collection', () => {
  it('when documents are written and the collection reopened, then they are still there', async () => {
    const dir = embeddedDir(tempDataDir(), 'sample');
    const first = await openEmbeddedCollection<Counter>(dir, 'counters');
    const id = newId();
    await first.db.insertAsync({ _id: id, name: 'a', value: 1 });
    await first.close();
    const reopened = await openEmbeddedCollection<Counter>(dir, 'counters');
    expect(await reopened.db.findOneAsync({ _id: id })).toEqual({ _id: id, name: 'a', value: 1 });
    await reopened.close();
  });

  it('when 50 read-modify-writes race through exclusive, then none is lost', async () => {
    const collection = await openEmbeddedCollection<Counter>(embeddedDir(tempDataDir(), 'sample'), 'counters');
    const id = newId();
    await collection.db.insertAsync({ _id: id, name: 'race', value: 0 });
    await Promise.all(
      Array.from({ length: 50 }, () =>
        collection.exclusive(async () => {
          const doc = await collection.db.findOneAsync({ _id: id });
          await new Promise((resolve) => setImmediate(resolve));
          await collection.db.updateAsync({ _id: id }, { $set: { value: doc!.value + 1 } }, {});
        }),
      ),
    );
    expect((await collection.db.findOneAsync({ _id: id }))!.value).toBe(50);
    await collection.close();
  });

  it('when a unique index is violated, then the error is recognised as a duplicate key', async () => {
    const collection = await openEmbeddedCollection<Counter>(embeddedDir(tempDataDir(), 'sample'), 'counters', [
      { fieldName: 'name', unique: true },
    ]);
    await collection.db.insertAsync({ _id: newId(), name: 'same', value: 1 });
    const error = await collection.db.insertAsync({ _id: newId(), name: 'same', value: 2 }).catch((e) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(isDuplicateKeyError(new Error('other'))).toBe(false);
    await collection.close();
  });

  it('ids are 24-hex ObjectId strings', () => {
    expect(isObjectId(newId())).toBe(true);
    expect(isObjectId('xyz')).toBe(false);
    expect(isObjectId({ $gt: '' })).toBe(false);
  });
});
