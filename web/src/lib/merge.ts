// Merge by field (ADR 0026). A save refused with 412 (the trip changed since this tab
// read it) is not a collision by itself: the trip version covers the whole trip. What
// this tab changed (its base → its edits) is compared with what the server changed
// (the same base → the trip as it is now), one (window, field), (item, field) or trip
// field at a time. Disjoint changes are re-sent on the new version; only a field both
// sides changed to different values is a conflict for the user to settle.
// Pure: no React, no store, no I/O.
import type { CostItem, Instance, Trip } from './types';

/** One field of one thing of a trip: `trip:budget`, `window:<id>:notes`, `item:<windowId>:<itemId>:amount`. */
export type FieldKey = string;
/** Field values by key. A key is present when its thing exists (its value may be null). */
export type Fields = Record<FieldKey, unknown>;

/** What a traveller can change on a trip itself (PUT /trips/getaway/:id without instances). */
export const TRIP_FIELDS = [
  'travelers',
  'budget',
  'budget_basis',
  'isFavorite',
  'notes',
  'currency',
  'people',
] as const;
/** A window's dates and four amounts: what creating a window sends. */
export const WINDOW_DATES_AND_AMOUNTS = [
  'trip_start',
  'trip_end',
  'stay_expense',
  'travel_expense',
  'car_expense',
  'other_expense',
] as const;
/** What a window's form and board change (PUT with an `instances` list). */
export const WINDOW_FIELDS = [...WINDOW_DATES_AND_AMOUNTS, 'label', 'notes', 'status', 'presence'] as const;
/** What an item edit changes (PUT …/items/:itemId). */
export const ITEM_FIELDS = [
  'category',
  'name',
  'amount',
  'basis',
  'booked',
  'paid',
  'link',
  'confirmation',
  'weekend_amount',
  'seasons',
  'quotes',
  'currency',
  'fx',
  'paid_by',
  'split',
] as const;

export const tripKey = (field: string): FieldKey => `trip:${field}`;
/**
 * The plan: which window is committed (its id, or null). A trip-level field under the
 * trip's version, so a commit or a clear kept offline is merged and, when another member
 * changed the plan meanwhile, shown as a conflict like any other field.
 */
export const COMMITTED: FieldKey = 'trip:committed';
export const windowKey = (windowId: string, field: string): FieldKey => `window:${windowId}:${field}`;
export const itemKey = (windowId: string, itemId: string, field: string): FieldKey =>
  `item:${windowId}:${itemId}:${field}`;

/** Where a key points, for grouping the re-sent fields into request bodies and for naming a conflict. */
export type KeyTarget =
  | { kind: 'trip'; field: string }
  | { kind: 'window'; windowId: string; field: string }
  | { kind: 'item'; windowId: string; itemId: string; field: string };

export function targetOf(key: FieldKey): KeyTarget {
  const parts = key.split(':');
  if (parts[0] === 'window' && parts.length === 3) return { kind: 'window', windowId: parts[1], field: parts[2] };
  if (parts[0] === 'item' && parts.length === 4)
    return { kind: 'item', windowId: parts[1], itemId: parts[2], field: parts[3] };
  return { kind: 'trip', field: parts.slice(1).join(':') };
}

type Loose = Record<string, unknown>;
const read = (thing: unknown, field: string): unknown => {
  const value = (thing as Loose | undefined)?.[field];
  return value === undefined ? null : value;
};

/** One window's fields (and its items'), keyed. */
export function windowFields(window: Instance): Fields {
  const fields: Fields = {};
  for (const field of WINDOW_FIELDS) fields[windowKey(window._id, field)] = read(window, field);
  for (const item of window.items ?? []) Object.assign(fields, itemFields(window._id, item));
  return fields;
}

export function itemFields(windowId: string, item: CostItem): Fields {
  const fields: Fields = {};
  for (const field of ITEM_FIELDS) fields[itemKey(windowId, item._id, field)] = read(item, field);
  return fields;
}

/** Every field of a trip a traveller edits, its windows' and items' included. */
export function tripFields(trip: Trip): Fields {
  const fields: Fields = {};
  for (const field of TRIP_FIELDS) fields[tripKey(field)] = read(trip, field);
  fields[COMMITTED] = trip.instances?.find((window) => window.isCommitted)?._id ?? null;
  for (const window of trip.instances ?? []) Object.assign(fields, windowFields(window));
  return fields;
}

/** Dates compare as calendar days, amounts as numbers, absent as null. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (v === undefined || v === '') return null;
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(v)) return v.slice(0, 10);
    return v;
  };
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  if (typeof x === 'number' || typeof y === 'number') return Number(x) === Number(y) && x !== null && y !== null;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** The fields of `edited` whose value differs from `base`: what this tab changed. */
export function diff(base: Fields, edited: Fields): Fields {
  const changes: Fields = {};
  for (const [key, value] of Object.entries(edited)) if (!sameValue(base[key], value)) changes[key] = value;
  return changes;
}

export interface Conflict {
  key: FieldKey;
  /** The value when this tab started editing. */
  base: unknown;
  /** This tab's value. */
  mine: unknown;
  /** The value stored on the server now. */
  theirs: unknown;
  /** Mine cannot be kept (a typed expense of a window that has cost items now): only theirs. */
  locked?: boolean;
}

export interface MergePlan {
  /** This tab's changes the server did not touch: safe to send again on the current version. */
  resend: Fields;
  /** Changes the server already holds (the other side typed the same): nothing to send. */
  alreadyStored: FieldKey[];
  /** Fields both sides changed to different values: the user chooses. */
  conflicts: Conflict[];
  /** Fields of a window or item that no longer exists on the server. */
  gone: FieldKey[];
}

/**
 * Compares this tab's changes (`mine`, over `base`) with the trip as stored now (`current`).
 * A key of `mine` missing from `current` means its window or item was deleted meanwhile.
 */
export function planMerge(base: Fields, mine: Fields, current: Fields): MergePlan {
  const plan: MergePlan = { resend: {}, alreadyStored: [], conflicts: [], gone: [] };
  for (const [key, value] of Object.entries(mine)) {
    // A trip field always exists; a window's or item's key is missing once it was deleted.
    if (!(key in current) && targetOf(key).kind !== 'trip') plan.gone.push(key);
    else if (sameValue(current[key], value)) plan.alreadyStored.push(key);
    else if (sameValue(current[key], base[key])) plan.resend[key] = value;
    else plan.conflicts.push({ key, base: base[key] ?? null, mine: value, theirs: current[key] });
  }
  return plan;
}

/** True when the plan can be sent without asking the user. */
export const mergesCleanly = (plan: MergePlan) => plan.conflicts.length === 0 && plan.gone.length === 0;

export type Choice = 'mine' | 'theirs';

/** What to send once the user settled the conflicts: the clean changes, plus the conflicting ones they kept. */
export function resolve(
  plan: Pick<MergePlan, 'resend' | 'conflicts'>,
  choice: Choice | Record<FieldKey, Choice>,
): Fields {
  const send: Fields = { ...plan.resend };
  for (const conflict of plan.conflicts) {
    const chosen = typeof choice === 'string' ? choice : (choice[conflict.key] ?? 'theirs');
    if (chosen === 'mine' && !conflict.locked) send[conflict.key] = conflict.mine;
  }
  return send;
}

/** The changed fields of one window, as the body's `instances` entry takes them. */
export function windowChanges(windowId: string, fields: Fields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const target = targetOf(key);
    if (target.kind === 'window' && target.windowId === windowId) changes[target.field] = value;
  }
  return changes;
}

/** Trip-level changes as a PUT body takes them. */
export function tripChanges(fields: Fields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const target = targetOf(key);
    if (target.kind === 'trip') changes[target.field] = value;
  }
  return changes;
}

/** One item's changed fields, as its PUT takes them. */
export function itemChanges(windowId: string, itemId: string, fields: Fields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const target = targetOf(key);
    if (target.kind === 'item' && target.windowId === windowId && target.itemId === itemId)
      changes[target.field] = value;
  }
  return changes;
}

/** Keys of one window's field changes (the inverse of windowChanges). */
export function keyedWindowChanges(windowId: string, changes: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [field, value] of Object.entries(changes)) fields[windowKey(windowId, field)] = value;
  return fields;
}

export function keyedTripChanges(changes: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [field, value] of Object.entries(changes)) fields[tripKey(field)] = value;
  return fields;
}

export function keyedItemChanges(windowId: string, itemId: string, changes: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [field, value] of Object.entries(changes)) fields[itemKey(windowId, itemId, field)] = value;
  return fields;
}

/**
 * A window's four expenses follow its items when it has any (ADR 0020): a typed expense
 * cannot be kept once the server's window became itemised, so it is a conflict whatever
 * the amounts say (the user can only take the server's sum).
 */
export function itemisedMeanwhile(plan: MergePlan, windowId: string, current: Trip): MergePlan {
  const window = current.instances?.find((w) => w._id === windowId);
  if (!window || (window.items?.length ?? 0) === 0) return plan;
  const expense = (key: FieldKey) => /_expense$/.test(targetOf(key).field);
  const moved = Object.entries(plan.resend).filter(([key]) => expense(key));
  if (moved.length === 0) return plan;
  const resend = Object.fromEntries(Object.entries(plan.resend).filter(([key]) => !expense(key)));
  const current_ = windowFields(window);
  return {
    ...plan,
    resend,
    conflicts: [
      ...plan.conflicts,
      ...moved.map(([key, mine]) => ({ key, base: null, mine, theirs: current_[key], locked: true })),
    ],
  };
}

/** A window's fields as its form names them (conflict rows, the offline views). */
export const WINDOW_FIELD_NAMES: Record<string, string> = {
  trip_start: 'Start Date',
  trip_end: 'End Date',
  stay_expense: 'Stay (Lodging)',
  travel_expense: 'Travel Costs',
  car_expense: 'Car Rental',
  other_expense: 'Other Expenses',
  label: 'Window name',
  notes: 'Notes',
  status: 'Status',
};
