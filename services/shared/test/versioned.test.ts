// The kit's versioned change: a no-op writes nothing and is not refused by a stale
// If-Match; a real change under a stale one is 412, also when a rule refuses it on the
// version the client has not seen; documents are compared as they would be stored.
import { AppError, changeVersioned, sameDocument, type Versioned } from '../src';

interface Doc extends Versioned {
  name: string;
  tags?: string[];
  at?: string;
}

/** A one-document store with compare-and-swap, counting its writes. */
function storeOf(doc: Doc) {
  let stored = doc;
  const writes: Doc[] = [];
  return {
    read: async () => stored,
    write: async (next: Doc, expected: number) => {
      if ((stored.version ?? 0) !== expected) return false;
      writes.push(next);
      stored = next;
      return true;
    },
    writes,
    current: () => stored,
  };
}

it('when the change is a no-op, then nothing is written and a stale If-Match does not refuse it', async () => {
  const store = storeOf({ name: 'Porto', version: 3 });
  const answer = await changeVersioned<Doc>({ ...store, apply: (doc) => doc, ifMatch: '"1"' });
  expect(answer).toEqual({ name: 'Porto', version: 3 });
  expect(store.writes).toHaveLength(0);
});

it('when a real change comes with a stale If-Match, then 412 and nothing is written; with the current one it is', async () => {
  const store = storeOf({ name: 'Porto', version: 3 });
  const rename = (doc: Doc) => ({ ...doc, name: 'Lisbon' });
  await expect(changeVersioned<Doc>({ ...store, apply: rename, ifMatch: '"2"' })).rejects.toMatchObject({
    status: 412,
    code: 'stale_version',
  });
  expect(store.writes).toHaveLength(0);
  await expect(changeVersioned<Doc>({ ...store, apply: rename, ifMatch: '"3"' })).resolves.toEqual({
    name: 'Lisbon',
    version: 4,
  });
});

it('when a rule refuses a change on a version the client has not seen, then 412 (its view is stale); else the rule’s answer', async () => {
  const store = storeOf({ name: 'Porto', version: 3 });
  const refuse = () => {
    throw new AppError(404, 'No such window.', 'not_found');
  };
  await expect(changeVersioned<Doc>({ ...store, apply: refuse, ifMatch: '"2"' })).rejects.toMatchObject({
    status: 412,
  });
  await expect(changeVersioned<Doc>({ ...store, apply: refuse, ifMatch: '"3"' })).rejects.toMatchObject({
    status: 404,
  });
});

it('when a compare-and-swap is lost, then the change waits the pause it is given before trying again', async () => {
  const store = storeOf({ name: 'Porto', version: 3 });
  const pauses: number[] = [];
  let lose = 2;
  const answer = await changeVersioned<Doc>({
    read: store.read,
    write: async (next, expected) => (lose-- > 0 ? false : store.write(next, expected)),
    apply: (doc) => ({ ...doc, name: 'Lisbon' }),
    pauseMs: (attempt) => (pauses.push(attempt), 0),
  });
  expect(answer.name).toBe('Lisbon');
  expect(pauses).toEqual([2, 3]);
});

it('when documents are compared, then undefined keys count as absent, key order and ignored keys do not matter', () => {
  const ignored = new Set(['at']);
  expect(sameDocument({ name: 'Porto', tags: ['a'], at: '1' }, { tags: ['a'], name: 'Porto', at: '2' }, ignored)).toBe(
    true,
  );
  expect(sameDocument({ name: 'Porto', extra: undefined }, { name: 'Porto' })).toBe(true);
  expect(sameDocument({ name: 'Porto', at: '1' }, { name: 'Porto', at: '2' })).toBe(false);
  expect(sameDocument({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toBe(false);
  expect(sameDocument({ nested: { at: '1' } }, { nested: { at: '2' } }, ignored)).toBe(false);
  expect(sameDocument({ value: null }, { value: 0 })).toBe(false);
  expect(sameDocument({ list: [] }, { list: {} })).toBe(false);
});
