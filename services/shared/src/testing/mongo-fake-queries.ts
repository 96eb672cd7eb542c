// How the MongoDB fake (mongo-fake.ts) reads what the driver is sent, with the server's
// rules where they matter for ids: BSON equality and order, dotted paths through arrays,
// the query, update and aggregation operators the adapters use (anything else throws),
// and projections. Pure functions over plain documents.
export type Doc = Record<string, unknown>;

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

export function isPlainObject(value: unknown): value is Doc {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    (value as { _bsontype?: unknown })._bsontype === undefined
  );
}

export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  return value;
}

/** MongoDB equality: different BSON types are never equal (a string is not an ObjectId). */
export function equal(a: unknown, b: unknown): boolean {
  const type = bsonTypeOf(a);
  if (type !== bsonTypeOf(b)) return false;
  if (type === 'objectId') return String(a) === String(b);
  if (type === 'date') return (a as Date).getTime() === (b as Date).getTime();
  if (type === 'array' || type === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The values at a dotted path, descending into arrays as the server does ('trips._id', 'outbox.0'). */
export function valuesAt(doc: unknown, path: string[]): { found: boolean; values: unknown[] } {
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

const ordered = (op: string, order: number): boolean =>
  op === '$lt' ? order < 0 : op === '$lte' ? order <= 0 : op === '$gt' ? order > 0 : order >= 0;

export function matches(doc: Doc, filter: Doc): boolean {
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
        case '$lt':
        case '$lte':
        case '$gt':
        case '$gte':
          // Type bracketing: only values of the argument's BSON type compare with it.
          return values.some((value) => bsonTypeOf(value) === bsonTypeOf(arg) && ordered(op, compare(value, arg)));
        default:
          throw new Error(`fake mongo: unsupported operator ${op}`);
      }
    });
  });
}

/** The aggregation expressions the adapters use: field paths, $cond, $eq, $ifNull. */
export function evaluate(expr: unknown, doc: Doc): unknown {
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

export function sortBy(docs: Doc[], spec: Record<string, number>): Doc[] {
  return [...docs].sort((a, b) => {
    for (const [path, direction] of Object.entries(spec)) {
      const order = compare(valuesAt(a, path.split('.')).values[0], valuesAt(b, path.split('.')).values[0]);
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

export function project(doc: Doc, projection?: Doc): Doc {
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

export function applyUpdate(doc: Doc, update: Doc) {
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
    } else if (op === '$push') {
      // One value appended (no $each); a missing field becomes an array, as on the server.
      for (const [key, value] of Object.entries(fields as Doc)) {
        const at = atPath(doc, key, true)!;
        const list = at.parent[at.last];
        if (list !== undefined && !Array.isArray(list)) throw new Error(`fake mongo: $push to a non-array ${key}`);
        at.parent[at.last] = [...((list as unknown[]) ?? []), clone(value)];
      }
    } else {
      throw new Error(`fake mongo: unsupported update operator ${op}`);
    }
  }
}
