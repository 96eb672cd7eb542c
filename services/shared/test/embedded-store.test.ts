import { embeddedDir, isDuplicateKeyError, isObjectId, newId, openEmbeddedCollection } from '../src';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, tempDataDir } from '../src/testing';

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

  it('when a removed document is followed by compactSoon, then it is gone from the file on disk, not only marked', async () => {
    const dir = embeddedDir(tempDataDir(), 'sample');
    const collection = await openEmbeddedCollection<Counter>(dir, 'counters');
    await collection.db.insertAsync({ _id: newId(), name: 'private-trip-to-nice', value: 1 });
    await collection.db.removeAsync({ name: 'private-trip-to-nice' }, {});
    const file = join(dir, 'counters.db');
    expect(readFileSync(file, 'utf8')).toContain('private-trip-to-nice');
    collection.compactSoon();
    collection.compactSoon();
    await eventually(() => !readFileSync(file, 'utf8').includes('private-trip-to-nice'));
    await collection.close();
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
