// A recording fake of the MongoDB driver's collections behind a real mongoose
// Connection, for proving the MongoDB adapters without a MongoDB server (none runs in
// CI or here; docs/testing.md). Mongoose itself runs unchanged: schemas cast, queries
// are built and sent to what it believes is the driver's Collection, and the raw
// `Model.collection.*` calls the adapters make go to the same place. The fake records
// every filter, document, update and pipeline it receives and answers them with
// MongoDB 6+'s comparison rules where they matter for ids: values of different BSON
// types never compare equal, so a string never matches an ObjectId (the bug this
// exists to catch), and `_id` is immutable on replace. Unique indexes that mongoose
// creates are enforced, and their duplicate-key errors look like the server's.
//
// Only the operators the adapters use are understood; anything else throws, so a new
// query shape fails loudly here instead of passing by accident.
import { Mongoose, type Connection } from 'mongoose';
import { fakeCollection, type CollectionState, type DriverCall, type FakeMongoOptions } from './mongo-fake-collection';
import { bsonTypeOf, isPlainObject, type Doc } from './mongo-fake-queries';

export type { DriverCall, FakeMongoOptions } from './mongo-fake-collection';
export { bsonTypeOf } from './mongo-fake-queries';

export interface FakeMongo {
  /** A mongoose connection whose driver collections are the fake's. */
  connection: Connection;
  /** Another connection to the same data (a reopened store, a second replica). */
  connect(): Connection;
  /** Every call the driver received, in order. */
  calls: DriverCall[];
  /** The stored documents of a collection, as the driver holds them (ObjectIds stay ObjectIds). */
  documents(collection: string): Record<string, unknown>[];
}

/**
 * Every (path, value) pair a call sends in its filter, document or update, with query
 * and update operators looked through (`{ _id: { $in: [a, b] } }` gives `_id` → a and
 * `_id` → b; `{ $set: { 'trips._id': x } }` gives `trips._id` → x; array elements keep
 * their parent's path). Sort, projection and computed-field stages say nothing about
 * stored values and are skipped.
 */
export function sentValues(call: DriverCall): Array<{ path: string; value: unknown }> {
  const out: Array<{ path: string; value: unknown }> = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, path);
      return;
    }
    if (isPlainObject(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (SKIPPED_STAGES.has(key)) continue;
        walk(inner, key.startsWith('$') ? path : path ? `${path}.${key}` : key);
      }
      return;
    }
    out.push({ path, value });
  };
  for (const part of [call.filter, call.doc, call.update]) if (part) walk(part, '');
  return out;
}

const SKIPPED_STAGES = new Set(['$sort', '$project', '$addFields', '$skip', '$limit', '$exists', '$size']);

/** The BSON types sent at `path` across calls, e.g. typesSentAt(calls, '_id') → Set{'objectId'}. */
export function typesSentAt(calls: DriverCall[], path: string): Set<string> {
  const types = new Set<string>();
  for (const call of calls)
    for (const sent of sentValues(call)) if (sent.path === path) types.add(bsonTypeOf(sent.value));
  return types;
}

export function fakeMongo(options: FakeMongoOptions = {}): FakeMongo {
  const calls: DriverCall[] = [];
  const stores = new Map<string, Doc[]>();
  const storeOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, []);
    return stores.get(name)!;
  };
  const collections = new Map<string, ReturnType<typeof fakeCollection>>();
  const db = {
    databaseName: 'fake',
    collection(name: string) {
      if (!collections.has(name)) {
        const record: CollectionState['record'] = (method, parts) => calls.push({ collection: name, method, ...parts });
        collections.set(name, fakeCollection({ name, docs: storeOf(name), indexes: [], record, options }));
      }
      return collections.get(name)!;
    },
    async createCollection(name: string) {
      return db.collection(name);
    },
    listCollections() {
      return { toArray: async () => [...stores.keys()].map((name) => ({ name })) };
    },
    admin: () => ({ ping: async () => ({ ok: 1 }) }),
  };
  const connect = () => connectionOver(db);
  return { connection: connect(), connect, calls, documents: (name) => storeOf(name) };
}

/** A real mongoose connection whose driver database is `db`. */
function connectionOver(db: unknown): Connection {
  const mongoose = new Mongoose();
  // Nothing to wait for: every command goes straight to the fake.
  mongoose.set('bufferCommands', false);
  mongoose.set('autoCreate', false);
  const connection = mongoose.createConnection();
  connection.set('bufferCommands', false);
  connection.set('autoCreate', false);
  (connection as unknown as { db: unknown }).db = db;
  // As if the server had answered: collections made from now on bind to the fake at once.
  (connection as unknown as { onOpen(): void }).onOpen();
  // Closing has nothing to release; the data stays for the next connect(), as a server's would.
  connection.close = (async () => undefined) as never;
  return connection;
}
