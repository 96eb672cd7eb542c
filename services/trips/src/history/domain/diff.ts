// The changes between two shapes of a trip (shape.ts), field by field, and applying
// them forwards (a replay) or backwards (an undo). A field is the dotted path from the
// shape's root (`windows.<id>.items.<id>.amount`); a thing added or removed is one
// change of its whole value, with its position among its siblings (`at`) so that a
// replay or an undo puts it back where it was. Absent and null are one: a change to
// null removes the field.
import type { FieldChange } from '../../trip';
import type { Shape, Value } from './shape';

export type { FieldChange };

const isObject = (value: Value | undefined): value is { [key: string]: Value } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function same(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b || ((a ?? null) === null && (b ?? null) === null)) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Every field that differs between `before` and `after`, in the order of `after`'s keys (removals first). */
export function diffShapes(before: Shape, after: Shape): FieldChange[] {
  const changes: FieldChange[] = [];
  walk(before, after, '', changes);
  return changes;
}

function walk(before: Shape, after: Shape, prefix: string, out: FieldChange[]): void {
  const beforeKeys = Object.keys(before).filter((key) => before[key] !== null);
  const afterKeys = Object.keys(after).filter((key) => after[key] !== null);
  beforeKeys.forEach((key, index) => {
    if (!afterKeys.includes(key)) out.push({ field: prefix + key, from: before[key], to: null, at: index });
  });
  afterKeys.forEach((key, index) => {
    const [from, to] = [before[key], after[key]];
    if (from === undefined || from === null) out.push({ field: prefix + key, from: null, to, at: index });
    else if (isObject(from) && isObject(to)) walk(from, to, `${prefix}${key}.`, out);
    else if (!same(from, to)) out.push({ field: prefix + key, from, to });
  });
}

/** The value at a dotted field of a shape (null when absent). */
export function valueAt(shape: Shape, field: string): Value {
  let node: Value = shape;
  for (const key of field.split('.')) {
    if (!isObject(node)) return null;
    node = node[key] ?? null;
  }
  return node;
}

/**
 * `shape` with `changes` applied: forwards sets each field to `to`, backwards to `from`
 * (in reverse order). A field set to null is removed; an added one is put at `at`.
 * Returns a new shape; `shape` is not changed.
 */
export function applyChanges(
  shape: Shape,
  changes: readonly FieldChange[],
  direction: 'forwards' | 'backwards',
): Shape {
  const result = structuredClone(shape);
  // Backwards, what was removed goes back last and in its first order (lowest position
  // first), once everything added after it is gone again: so each lands where it stood.
  const removed = (change: FieldChange) => change.to === null && change.at !== undefined;
  const ordered =
    direction === 'forwards'
      ? changes
      : [...changes.filter((change) => !removed(change)).reverse(), ...changes.filter(removed)];
  for (const change of ordered) {
    const value = direction === 'forwards' ? change.to : change.from;
    setAt(result, change.field.split('.'), value, change.at);
  }
  return result;
}

function setAt(root: Shape, path: string[], value: Value, at: number | undefined): void {
  let node: Shape = root;
  for (const key of path.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Shape;
  }
  const key = path[path.length - 1];
  if (value === null) {
    delete node[key];
    return;
  }
  if (key in node || at === undefined) {
    node[key] = structuredClone(value);
    return;
  }
  // Re-inserted where it stood: rebuild the object with the key at its position.
  const entries = Object.entries(node);
  entries.splice(Math.min(at, entries.length), 0, [key, structuredClone(value)]);
  for (const existing of Object.keys(node)) delete node[existing];
  for (const [k, v] of entries) node[k] = v;
}
