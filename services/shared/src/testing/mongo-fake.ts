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

export interface DriverCall {
  collection: string;
  method: string;
  /** The query filter (find, update, replace, delete, count, aggregate's $match). */
  filter?: Record<string, unknown>;
  /** A document written whole (insertOne, replaceOne). */
  doc?: Record<string, unknown>;
  /** An update document ($set, $pull…). */
  update?: Record<string, unknown>;
}

interface UniqueIndex {
  name: string;
  paths: string[];
}

export interface FakeMongoOptions {
  /**
   * Leave `keyPattern` and `keyValue` out of duplicate-key errors, as some
   * MongoDB-compatible servers do (only `errmsg` names the index then).
   */
  duplicateErrorsWithoutKeyPattern?: boolean;
}

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

type Doc = Record<string, unknown>;

/** The BSON type name of a value as the server would see it ('objectId', 'string', …). */
export function bsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const bsontype = (value as { _bsontype?: unknown })._bsontype;
  if (bsontype === 'ObjectId' || bsontype === 'ObjectID') return 'objectId';
  if (typeof bsontype === 'string') return bsontype;
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return 'array';
  return typeof value;
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
  const indexes = new Map<string, UniqueIndex[]>();
  const storeOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, []);
    return stores.get(name)!;
  };

  function collection(name: string) {
    const docs = storeOf(name);
    const record = (method: string, parts: Omit<DriverCall, 'collection' | 'method'>) =>
      calls.push({ collection: name, method, ...parts });

    function checkUnique(candidate: Doc, ignore?: Doc) {
      const sameId = docs.find((doc) => doc !== ignore && equal(doc._id, candidate._id));
      if (sameId) throw duplicateError(name, { name: '_id_', paths: ['_id'] }, candidate, options);
      for (const index of indexes.get(name) ?? []) {
        const keys = indexKeys(candidate, index);
        if (keys.length === 0) continue;
        const clash = docs.some(
          (doc) => doc !== ignore && indexKeys(doc, index).some((key) => keys.some((mine) => equal(key, mine))),
        );
        if (clash) throw duplicateError(name, index, candidate, options);
      }
    }

    return {
      collectionName: name,
      async insertOne(doc: Doc) {
        record('insertOne', { doc });
        const stored = clone(doc);
        checkUnique(stored);
        docs.push(stored);
        return { acknowledged: true, insertedId: stored._id };
      },
      async findOne(filter: Doc = {}, opts: { projection?: Doc } = {}) {
        record('findOne', { filter });
        const found = docs.find((doc) => matches(doc, filter));
        return found ? project(found, opts.projection) : null;
      },
      find(filter: Doc = {}, opts: { projection?: Doc; limit?: number; sort?: Record<string, number> } = {}) {
        record('find', { filter });
        let limit = opts.limit ?? 0;
        let sort = opts.sort;
        const cursor = {
          limit(n: number) {
            limit = n;
            return cursor;
          },
          sort(spec: Record<string, number>) {
            sort = spec;
            return cursor;
          },
          async toArray() {
            const matching = docs.filter((doc) => matches(doc, filter));
            const found = (sort ? sortBy(matching, sort) : matching).map((doc) => project(doc, opts.projection));
            return limit > 0 ? found.slice(0, limit) : found;
          },
        };
        return cursor;
      },
      async countDocuments(filter: Doc = {}) {
        record('countDocuments', { filter });
        return docs.filter((doc) => matches(doc, filter)).length;
      },
      aggregate(pipeline: Doc[]) {
        for (const stage of pipeline) if (stage.$match) record('aggregate', { filter: stage.$match as Doc });
        return {
          async toArray() {
            let out = docs.map(clone);
            for (const stage of pipeline) {
              if (stage.$match) out = out.filter((doc) => matches(doc, stage.$match as Doc));
              else if (stage.$skip !== undefined) out = out.slice(stage.$skip as number);
              else if (stage.$limit !== undefined) out = out.slice(0, stage.$limit as number);
              else if (stage.$project) out = out.map((doc) => project(doc, stage.$project as Doc));
              else if (stage.$addFields)
                out = out.map((doc) => ({
                  ...doc,
                  ...Object.fromEntries(
                    Object.entries(stage.$addFields as Doc).map(([key, expr]) => [key, evaluate(expr, doc)]),
                  ),
                }));
              else if (stage.$sort) out = sortBy(out, stage.$sort as Record<string, number>);
              else throw new Error(`fake mongo: unsupported stage ${Object.keys(stage)[0]}`);
            }
            return out;
          },
        };
      },
      async updateOne(filter: Doc, update: Doc) {
        record('updateOne', { filter, update });
        const found = docs.find((doc) => matches(doc, filter));
        if (!found) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
        applyUpdate(found, update);
        return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
      },
      async findOneAndUpdate(filter: Doc, update: Doc, opts: { returnDocument?: string; projection?: Doc } = {}) {
        record('findOneAndUpdate', { filter, update });
        const found = docs.find((doc) => matches(doc, filter));
        if (!found) return null;
        const before = clone(found);
        applyUpdate(found, update);
        return project(opts.returnDocument === 'after' ? found : before, opts.projection);
      },
      async replaceOne(filter: Doc, replacement: Doc) {
        record('replaceOne', { filter, doc: replacement });
        const index = docs.findIndex((doc) => matches(doc, filter));
        if (index < 0) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
        const current = docs[index];
        if ('_id' in replacement && !equal(replacement._id, current._id)) {
          // The server's answer to a replacement whose _id differs (a string for an ObjectId included).
          throw Object.assign(
            new Error("Performing an update on the path '_id' would modify the immutable field '_id'"),
            { code: 66 },
          );
        }
        const next = { ...clone(replacement), _id: current._id };
        checkUnique(next, current);
        docs[index] = next;
        return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
      },
      async deleteOne(filter: Doc) {
        record('deleteOne', { filter });
        const index = docs.findIndex((doc) => matches(doc, filter));
        if (index >= 0) docs.splice(index, 1);
        return { acknowledged: true, deletedCount: index >= 0 ? 1 : 0 };
      },
      async deleteMany(filter: Doc) {
        record('deleteMany', { filter });
        const before = docs.length;
        for (let i = docs.length - 1; i >= 0; i--) if (matches(docs[i], filter)) docs.splice(i, 1);
        return { acknowledged: true, deletedCount: before - docs.length };
      },
      async createIndex(fields: Record<string, number>, indexOptions: { unique?: boolean; name?: string } = {}) {
        const indexName =
          indexOptions.name ??
          Object.entries(fields)
            .map(([key, dir]) => `${key}_${dir}`)
            .join('_');
        if (indexOptions.unique) {
          const own = indexes.get(name) ?? [];
          own.push({ name: indexName, paths: Object.keys(fields) });
          indexes.set(name, own);
        }
        return indexName;
      },
      listIndexes() {
        return { toArray: async () => [{ name: '_id_', key: { _id: 1 } }] };
      },
    };
  }

  const collections = new Map<string, ReturnType<typeof collection>>();
  const db = {
    databaseName: 'fake',
    collection(name: string) {
      if (!collections.has(name)) collections.set(name, collection(name));
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

  const connect = () => {
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
  };
  return { connection: connect(), connect, calls, documents: (name) => storeOf(name) };
}

function isPlainObject(value: unknown): value is Doc {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    (value as { _bsontype?: unknown })._bsontype === undefined
  );
}

function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  return value;
}

/** MongoDB equality: different BSON types are never equal (a string is not an ObjectId). */
function equal(a: unknown, b: unknown): boolean {
  const type = bsonTypeOf(a);
  if (type !== bsonTypeOf(b)) return false;
  if (type === 'objectId') return String(a) === String(b);
  if (type === 'date') return (a as Date).getTime() === (b as Date).getTime();
  if (type === 'array' || type === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The values at a dotted path, descending into arrays as the server does ('trips._id', 'outbox.0'). */
function valuesAt(doc: unknown, path: string[]): { found: boolean; values: unknown[] } {
  if (path.length === 0) return { found: doc !== undefined, values: doc === undefined ? [] : [doc] };
  const [head, ...rest] = path;
  if (Array.isArray(doc)) {
    if (/^\d+$/.test(head)) return valuesAt(doc[Number(head)], rest);
    const all = doc.map((item) => valuesAt(item, path));
    return { found: all.some((r) => r.found), values: all.flatMap((r) => r.values) };
  }
  if (isPlainObject(doc) && head in doc) return valuesAt(doc[head], rest);
  return { found: false, values: [] };
}

/** A value matches a stored field when it equals it or, for arrays, one of its elements. */
function fieldEquals(values: unknown[], wanted: unknown): boolean {
  return values.some((value) => equal(value, wanted) || (Array.isArray(value) && value.some((v) => equal(v, wanted))));
}

function matches(doc: Doc, filter: Doc): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as Doc[]).every((inner) => matches(doc, inner));
    if (key === '$or') return (condition as Doc[]).some((inner) => matches(doc, inner));
    if (key.startsWith('$')) throw new Error(`fake mongo: unsupported query operator ${key}`);
    const { found, values } = valuesAt(doc, key.split('.'));
    const operators = isPlainObject(condition) && Object.keys(condition).some((op) => op.startsWith('$'));
    if (!operators) return fieldEquals(values, condition);
    return Object.entries(condition as Doc).every(([op, arg]) => {
      switch (op) {
        case '$eq':
          return fieldEquals(values, arg);
        case '$ne':
          return !fieldEquals(values, arg);
        case '$in':
          return (arg as unknown[]).some((wanted) =>
            wanted === null ? !found || fieldEquals(values, null) : fieldEquals(values, wanted),
          );
        case '$exists':
          return found === Boolean(arg);
        case '$size':
          return values.some((value) => Array.isArray(value) && value.length === arg);
        default:
          throw new Error(`fake mongo: unsupported operator ${op}`);
      }
    });
  });
}

/** The aggregation expressions the adapters use: field paths, $cond, $eq, $ifNull. */
function evaluate(expr: unknown, doc: Doc): unknown {
  if (typeof expr === 'string' && expr.startsWith('$')) return valuesAt(doc, expr.slice(1).split('.')).values[0];
  if (Array.isArray(expr)) return expr.map((item) => evaluate(item, doc));
  if (!isPlainObject(expr)) return expr;
  const [[op, args]] = Object.entries(expr);
  const values = (args as unknown[]).map((arg) => evaluate(arg, doc));
  switch (op) {
    case '$cond':
      return values[0] ? values[1] : values[2];
    case '$eq':
      return equal(values[0] ?? null, values[1] ?? null);
    case '$ifNull':
      return values[0] ?? values[1];
    default:
      throw new Error(`fake mongo: unsupported expression ${op}`);
  }
}

/** BSON order for the types the adapters sort on: null < numbers < strings < ObjectIds. */
const TYPE_ORDER = ['null', 'number', 'string', 'objectId', 'boolean', 'date'];
function compare(a: unknown, b: unknown): number {
  const [ta, tb] = [TYPE_ORDER.indexOf(bsonTypeOf(a)), TYPE_ORDER.indexOf(bsonTypeOf(b))];
  if (ta !== tb) return ta - tb;
  const [x, y] = bsonTypeOf(a) === 'objectId' ? [String(a), String(b)] : [a, b];
  if (x === y || x === null || x === undefined) return 0;
  return (x as number | string) < (y as number | string) ? -1 : 1;
}

function sortBy(docs: Doc[], spec: Record<string, number>): Doc[] {
  return [...docs].sort((a, b) => {
    for (const [path, direction] of Object.entries(spec)) {
      const order = compare(valuesAt(a, path.split('.')).values[0], valuesAt(b, path.split('.')).values[0]);
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

function project(doc: Doc, projection?: Doc): Doc {
  const copy = clone(doc);
  if (!projection || Object.keys(projection).length === 0) return copy;
  const including = Object.entries(projection).some(([key, on]) => key !== '_id' && on);
  if (!including) {
    for (const [key, on] of Object.entries(projection)) if (!on) delete copy[key];
    return copy;
  }
  const out: Doc = {};
  for (const [key, on] of Object.entries(projection)) if (on && key in copy) out[key] = copy[key];
  if (projection._id !== 0 && '_id' in copy) out._id = copy._id;
  return out;
}

/** The object holding a dotted path's last key, as MongoDB's update operators walk it (made on the way when `make`). */
function atPath(doc: Doc, path: string, make: boolean): { parent: Doc; last: string } | null {
  const keys = path.split('.');
  let parent = doc;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(parent[key])) {
      if (!make) return null;
      parent[key] = {};
    }
    parent = parent[key] as Doc;
  }
  return { parent, last: keys[keys.length - 1]! };
}

function applyUpdate(doc: Doc, update: Doc) {
  for (const [op, fields] of Object.entries(update)) {
    if (op === '$set') {
      for (const [key, value] of Object.entries(fields as Doc)) {
        if (key === '_id' && !equal(doc._id, value)) throw new Error("fake mongo: '_id' is immutable");
        atPath(doc, key, true)!.parent[atPath(doc, key, true)!.last] = clone(value);
      }
    } else if (op === '$unset') {
      for (const key of Object.keys(fields as Doc)) {
        const at = atPath(doc, key, false);
        if (at) delete at.parent[at.last];
      }
    } else if (op === '$inc') {
      for (const [key, by] of Object.entries(fields as Doc)) {
        const at = atPath(doc, key, true)!;
        const current = at.parent[at.last];
        at.parent[at.last] = (typeof current === 'number' ? current : 0) + (by as number);
      }
    } else if (op === '$pull') {
      for (const [key, condition] of Object.entries(fields as Doc)) {
        const list = doc[key];
        if (!Array.isArray(list)) continue;
        doc[key] = list.filter((item) => !(isPlainObject(item) && matches(item, condition as Doc)));
      }
    } else {
      throw new Error(`fake mongo: unsupported update operator ${op}`);
    }
  }
}

function indexKeys(doc: Doc, index: UniqueIndex): string[] {
  const parts = index.paths.map((path) => valuesAt(doc, path.split('.')));
  if (parts.some((part) => !part.found)) return [];
  // One key per combination; only single-path multikey indexes are used by the adapters.
  if (parts.length === 1) return parts[0].values.flat().map((value) => JSON.stringify([bsonTypeOf(value), value]));
  return [JSON.stringify(parts.map((part) => [bsonTypeOf(part.values[0]), part.values[0]]))];
}

function duplicateError(collection: string, index: UniqueIndex, doc: Doc, options: FakeMongoOptions) {
  const keyValue = Object.fromEntries(index.paths.map((path) => [path, valuesAt(doc, path.split('.')).values[0]]));
  const errmsg =
    `E11000 duplicate key error collection: fake.${collection} index: ${index.name} dup key: ` +
    JSON.stringify(keyValue);
  const error = Object.assign(new Error(errmsg), { code: 11000, errmsg, codeName: 'DuplicateKey' });
  if (!options.duplicateErrorsWithoutKeyPattern) {
    Object.assign(error, {
      keyPattern: Object.fromEntries(index.paths.map((path) => [path, 1])),
      keyValue,
    });
  }
  return error;
}
