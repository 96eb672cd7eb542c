// One collection of the MongoDB fake (mongo-fake.ts): the driver methods the adapters
// call, each recorded before it is answered, over documents held as the driver would
// hold them. Unique indexes (and `_id`) are enforced with the server's duplicate-key
// errors.
import {
  applyUpdate,
  bsonTypeOf,
  clone,
  equal,
  isPlainObject,
  evaluate,
  matches,
  project,
  sortBy,
  valuesAt,
  type Doc,
} from './mongo-fake-queries';

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

export interface FakeMongoOptions {
  /**
   * Leave `keyPattern` and `keyValue` out of duplicate-key errors, as some
   * MongoDB-compatible servers do (only `errmsg` names the index then).
   */
  duplicateErrorsWithoutKeyPattern?: boolean;
}

export interface UniqueIndex {
  name: string;
  paths: string[];
}

/** What a collection shares with the rest of the fake: its documents, its unique indexes, the call log. */
export interface CollectionState {
  name: string;
  docs: Doc[];
  indexes: UniqueIndex[];
  record: (method: string, parts: Omit<DriverCall, 'collection' | 'method'>) => void;
  options: FakeMongoOptions;
}

const NOTHING_UPDATED = { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
const ONE_UPDATED = { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };

export function fakeCollection(state: CollectionState) {
  return { collectionName: state.name, ...reads(state), ...writes(state), ...indexMethods(state) };
}

function reads({ docs, record }: CollectionState) {
  return {
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
      return { toArray: async () => runPipeline(docs, pipeline) };
    },
  };
}

function runPipeline(docs: Doc[], pipeline: Doc[]): Doc[] {
  let out = docs.map(clone);
  for (const stage of pipeline) {
    if (stage.$match) out = out.filter((doc) => matches(doc, stage.$match as Doc));
    else if (stage.$skip !== undefined) out = out.slice(stage.$skip as number);
    else if (stage.$limit !== undefined) out = out.slice(0, stage.$limit as number);
    else if (stage.$project) out = out.map((doc) => project(doc, stage.$project as Doc));
    else if (stage.$addFields)
      out = out.map((doc) => ({
        ...doc,
        ...Object.fromEntries(Object.entries(stage.$addFields as Doc).map(([key, expr]) => [key, evaluate(expr, doc)])),
      }));
    else if (stage.$sort) out = sortBy(out, stage.$sort as Record<string, number>);
    else throw new Error(`fake mongo: unsupported stage ${Object.keys(stage)[0]}`);
  }
  return out;
}

function writes(state: CollectionState) {
  const { docs, record } = state;
  return {
    async insertOne(doc: Doc) {
      record('insertOne', { doc });
      const stored = clone(doc);
      checkUnique(state, stored);
      docs.push(stored);
      return { acknowledged: true, insertedId: stored._id };
    },
    async updateOne(filter: Doc, update: Doc) {
      record('updateOne', { filter, update });
      const found = docs.find((doc) => matches(doc, filter));
      if (!found) return NOTHING_UPDATED;
      applyUpdate(found, update);
      return ONE_UPDATED;
    },
    async updateMany(filter: Doc, update: Doc) {
      record('updateMany', { filter, update });
      const found = docs.filter((doc) => matches(doc, filter));
      for (const doc of found) applyUpdate(doc, update);
      return { acknowledged: true, matchedCount: found.length, modifiedCount: found.length, upsertedCount: 0 };
    },
    async findOneAndUpdate(filter: Doc, update: Doc, opts: { returnDocument?: string; projection?: Doc } = {}) {
      record('findOneAndUpdate', { filter, update });
      const found = docs.find((doc) => matches(doc, filter));
      if (!found) return null;
      const before = clone(found);
      applyUpdate(found, update);
      return project(opts.returnDocument === 'after' ? found : before, opts.projection);
    },
    async replaceOne(filter: Doc, replacement: Doc, opts: { upsert?: boolean } = {}) {
      record('replaceOne', { filter, doc: replacement });
      const index = docs.findIndex((doc) => matches(doc, filter));
      if (index < 0 && opts.upsert) {
        // The server inserts the replacement (with the filter's _id when it names one); an
        // _id taken by a document the filter did not match is a duplicate key, as there.
        const inserted = {
          ...clone(replacement),
          ...('_id' in filter && !isPlainObject(filter._id) ? { _id: filter._id } : {}),
        };
        checkUnique(state, inserted);
        docs.push(inserted);
        return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
      }
      if (index < 0) return NOTHING_UPDATED;
      const current = docs[index];
      if ('_id' in replacement && !equal(replacement._id, current._id)) {
        // The server's answer to a replacement whose _id differs (a string for an ObjectId included).
        throw Object.assign(
          new Error("Performing an update on the path '_id' would modify the immutable field '_id'"),
          {
            code: 66,
          },
        );
      }
      const next = { ...clone(replacement), _id: current._id };
      checkUnique(state, next, current);
      docs[index] = next;
      return ONE_UPDATED;
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
  };
}

function indexMethods({ indexes }: CollectionState) {
  return {
    async createIndex(fields: Record<string, number>, indexOptions: { unique?: boolean; name?: string } = {}) {
      const indexName =
        indexOptions.name ??
        Object.entries(fields)
          .map(([key, dir]) => `${key}_${dir}`)
          .join('_');
      if (indexOptions.unique) indexes.push({ name: indexName, paths: Object.keys(fields) });
      return indexName;
    },
    listIndexes() {
      return { toArray: async () => [{ name: '_id_', key: { _id: 1 } }] };
    },
  };
}

function checkUnique({ name, docs, indexes, options }: CollectionState, candidate: Doc, ignore?: Doc) {
  const sameId = docs.find((doc) => doc !== ignore && equal(doc._id, candidate._id));
  if (sameId) throw duplicateError(name, { name: '_id_', paths: ['_id'] }, candidate, options);
  for (const index of indexes) {
    const keys = indexKeys(candidate, index);
    if (keys.length === 0) continue;
    const clash = docs.some(
      (doc) => doc !== ignore && indexKeys(doc, index).some((key) => keys.some((mine) => equal(key, mine))),
    );
    if (clash) throw duplicateError(name, index, candidate, options);
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
