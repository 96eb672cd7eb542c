// Changes made without a network (ADR 0038): each edit of a trip, a window or a cost
// item is kept in IndexedDB with the trip version it was based on, under the signed-in
// user, in the order it was made; the cached trip shows it at once. Back online they are
// sent in that order with If-Match (mergeSave.ts merges a 412 by field, as online); a
// field both sides changed is kept as a conflict for the traveller to settle.
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { itemChanges, targetOf, tripChanges, windowChanges, type Conflict, type FieldKey, type Fields } from '../merge';
import { tripPath, type BaseQuery } from '../mergeSave';
import type { Instance, Trip } from '../types';
import { deviceStore } from './deviceStore';

export interface QueuedChange {
  /** The IndexedDB key: the user and the order the change was made in. */
  key: string;
  userId: string;
  tripId: string;
  /** The trip version the change was based on (If-Match); none for an unconditional change. */
  version?: number;
  base: Fields;
  mine: Fields;
  queuedAt: number;
  /** Set when the replay found the same field changed on the server. */
  conflict?: { conflicts: Conflict[]; resend: Fields; version: number };
  /** Set when it cannot be applied at all (the trip or window was deleted, access removed). */
  failed?: string;
  /**
   * A window created offline: sent as a POST with its Idempotency-Key, so a retry after a
   * lost answer never creates twice; later changes naming `tempId` then name its real id.
   */
  create?: { tempId: string; body: Record<string, unknown>; idempotencyKey: string };
  /** A window deleted offline (one the server has: deleting a window made offline just drops its create). */
  remove?: { instanceId: string };
  /**
   * Any other change kept as its request (an item added or deleted, a window duplicated, a
   * plan committed or cleared): sent as it is, a create with its Idempotency-Key. What it
   * creates is named `tempId` until the answer gives its id (at `idAt` in the answer).
   */
  request?: KeptRequest;
  /** The day an item was edited offline: sent as its captured_on, so the price keeps the day it was seen. */
  capturedOn?: string;
  /** A conflict's two whole versions of what changed (the window, item or trip), keyed like `mine`. */
  versions?: { theirs: Fields; mine: Fields };
}

export interface KeptRequest {
  url: string;
  method: string;
  body?: unknown;
  idempotencyKey?: string;
  tempId?: string;
  idAt?: string[];
}

/** A window created offline, until the server gives it an id. */
export const TEMP_PREFIX = 'offline-';
export const isTempId = (id: string) => id.startsWith(TEMP_PREFIX);

/** A window as the page shows it until the server has it: the sent fields, nothing computed but its total. */
export function offlineWindow(tempId: string, body: Record<string, unknown>, now = new Date()): Instance {
  const amount = (field: string) => Number(body[field] ?? 0) || 0;
  const total = amount('stay_expense') + amount('travel_expense') + amount('car_expense') + amount('other_expense');
  return {
    _id: tempId,
    trip_start: null,
    trip_end: null,
    stay_expense: 0,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    label: '',
    notes: '',
    ...body,
    created_at: now.toISOString(),
    status: 'considering',
    nights: null,
    per_night: null,
    delta_vs_cheapest: null,
    delta_by_category: null,
    dates_invalid: false,
    items: [],
    paid_total: 0,
    booked_total: 0,
    freshness: { oldest_captured_on: null, stale_items: 0 },
    total_cost: total,
    per_person: total,
    to_pay: total,
  } as unknown as Instance;
}

export interface OfflineWindowCreate {
  tripId: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
}

/** A request kept offline, and how the trip shows it until it is sent. */
export interface OfflineRequest {
  tripId: string;
  request: KeptRequest;
  show?: (trip: Trip) => Trip;
}

let requestKeeper: ((kept: OfflineRequest) => Promise<Trip | true | null>) | null = null;

/** The app's keeper of other requests made offline (features/trips/offlineSync.ts); none in most tests. */
export function setRequestKeeper(keeper: typeof requestKeeper): void {
  requestKeeper = keeper;
}

/** The trip as shown once `kept` is queued; null when it cannot be kept (then the change fails as before). */
export function keepRequest(kept: OfflineRequest): Promise<Trip | true | null> {
  return requestKeeper ? requestKeeper(kept) : Promise.resolve(null);
}

/** How a change kept offline shows: the trip as it will be, and the answer the page gets meanwhile. */
export interface Kept<T> {
  tempId?: string;
  idAt?: string[];
  /** Without one (a wishlist change), the change is kept and the page's own optimistic update shows it. */
  show?: (trip: Trip) => Trip;
  /** The answer the page gets meanwhile, from the trip as shown (a change without `show` gets no trip). */
  answer: (trip: Trip) => T;
}

/** Sends `args`; without a network keeps it to be sent later (ADR 0038) and answers from the trip as it will be. */
export async function sendOrKeep<T>(
  baseQuery: BaseQuery,
  tripId: string,
  args: FetchArgs & { method: string },
  keep: Kept<T>,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const sent = await baseQuery(args);
  if (sent.error?.status === 'FETCH_ERROR') {
    const idempotencyKey = (args.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    const { url, method, body } = args;
    const request = { url, method, body, idempotencyKey, tempId: keep.tempId, idAt: keep.idAt };
    const shown = await keepRequest({ tripId, request, show: keep.show });
    if (shown) return { data: keep.answer(shown === true ? (undefined as never) : shown) };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}

/** A create: its Idempotency-Key, kept with it, so a retry after a lost answer never creates twice. */
export const creating = (url: string, body: unknown): FetchArgs & { method: string } => ({
  url,
  method: 'POST',
  body,
  headers: { 'Idempotency-Key': newIdempotencyKey() },
});

/** A temporary id for something created offline. */
export const newTempId = () => `${TEMP_PREFIX}${newIdempotencyKey()}`;

/** The id the server gave what a kept request created, read from its answer. */
export function createdId(change: QueuedChange, answer: unknown): string | undefined {
  const path = change.create ? ['_id'] : change.request?.tempId ? (change.request.idAt ?? ['_id']) : null;
  if (!path) return undefined;
  const id = path.reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], answer);
  return typeof id === 'string' ? id : undefined;
}

/** A kept change with every mention of `from` (a temporary id) renamed to `to`: its keys, request and body. */
export function renameId(change: QueuedChange, from: string, to: string): QueuedChange {
  return JSON.parse(JSON.stringify(change).split(from).join(to)) as QueuedChange;
}

let windowCreator: ((create: OfflineWindowCreate) => Promise<{ data: Instance } | null>) | null = null;

/** The app's keeper of windows created offline (features/trips/offlineSync.ts); none in most tests. */
export function setWindowCreator(creator: typeof windowCreator): void {
  windowCreator = creator;
}

export function keepWindowCreate(create: OfflineWindowCreate): Promise<{ data: Instance } | null> {
  return windowCreator ? windowCreator(create) : Promise.resolve(null);
}

export interface OfflineWindowRemove {
  tripId: string;
  instanceId: string;
}

let windowRemover: ((remove: OfflineWindowRemove) => Promise<{ data: { msg: string; trip: Trip } } | null>) | null =
  null;

/** The app's keeper of windows deleted offline (features/trips/offlineSync.ts); none in most tests. */
export function setWindowRemover(remover: typeof windowRemover): void {
  windowRemover = remover;
}

export function keepWindowRemove(remove: OfflineWindowRemove): Promise<{ data: { msg: string; trip: Trip } } | null> {
  return windowRemover ? windowRemover(remove) : Promise.resolve(null);
}

/** Whether a kept change names `id` (something made offline): its create, its fields, its request. */
export function namesWindow(change: QueuedChange, id: string): boolean {
  return JSON.stringify(change).includes(id);
}

/** A fresh Idempotency-Key for a create. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const PREFIX = 'change|';
const keyOf = (userId: string, seq: number) => `${PREFIX}${userId}|${String(seq).padStart(16, '0')}`;

export async function queuedChanges(userId: string): Promise<QueuedChange[]> {
  const kv = deviceStore();
  if (!kv) return [];
  const mine = `${PREFIX}${userId}|`;
  const keys = (await kv.keys()).filter((key) => key.startsWith(mine)).sort();
  const changes = await Promise.all(keys.map((key) => kv.get(key)));
  return changes.filter(Boolean) as QueuedChange[];
}

let lastSeq = 0;

/** Keeps a change, after every change already kept (a monotonic sequence, even within one millisecond). */
export async function enqueueChange(
  change: Omit<QueuedChange, 'key' | 'queuedAt'>,
  now = Date.now(),
): Promise<QueuedChange | null> {
  const kv = deviceStore();
  if (!kv) return null;
  const existing = await queuedChanges(change.userId);
  const lastKept = existing.length ? Number(existing[existing.length - 1].key.split('|')[2]) : 0;
  lastSeq = Math.max(now * 1000, lastSeq + 1, lastKept + 1);
  const queued: QueuedChange = { ...change, key: keyOf(change.userId, lastSeq), queuedAt: now };
  await kv.set(queued.key, queued);
  return queued;
}

export async function updateChange(change: QueuedChange): Promise<void> {
  await deviceStore()?.set(change.key, change);
}

export async function dropChange(change: Pick<QueuedChange, 'key'>): Promise<void> {
  await deviceStore()?.del(change.key);
}

/** The request that sends `fields` of one trip: a trip's fields, one window's, or one item's (keys say which). */
export function requestFor(tripId: string, fields: Fields, capturedOn?: string): FetchArgs {
  const first = targetOf(Object.keys(fields)[0] ?? 'trip:');
  if (first.kind === 'item') {
    const body = itemChanges(first.windowId, first.itemId, fields);
    // The amount (or any field) was seen on the day of the edit, not the day it synced.
    return {
      url: `${tripPath(tripId)}/instances/${encodeURIComponent(first.windowId)}/items/${encodeURIComponent(first.itemId)}`,
      method: 'PUT',
      body: capturedOn ? { ...body, captured_on: capturedOn } : body,
    };
  }
  if (first.kind === 'window') {
    return {
      url: tripPath(tripId),
      method: 'PUT',
      body: { instances: [{ _id: first.windowId, ...windowChanges(first.windowId, fields) }] },
    };
  }
  return { url: tripPath(tripId), method: 'PUT', body: tripChanges(fields) };
}

const EXPENSES = ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'] as const;

/** The trip as it will be once `fields` are applied: what the page shows while they wait. */
export function applyFields(trip: Trip, fields: Fields): Trip {
  const next = structuredClone(trip) as Trip & Record<string, unknown>;
  for (const [key, value] of Object.entries(fields) as [FieldKey, unknown][]) {
    const target = targetOf(key);
    if (target.kind === 'trip') {
      (next as Record<string, unknown>)[target.field] = value;
      continue;
    }
    const window = next.instances?.find((candidate) => candidate._id === target.windowId) as
      (Record<string, unknown> & { items?: Record<string, unknown>[] }) | undefined;
    if (!window) continue;
    if (target.kind === 'window') {
      window[target.field] = value;
      // A window of plain amounts totals them; with items the server recomputes at sync.
      if ((EXPENSES as readonly string[]).includes(target.field) && !window.items?.length) {
        window.total_cost = EXPENSES.reduce((sum, field) => sum + Number(window[field] ?? 0), 0);
      }
    } else {
      const item = window.items?.find((candidate) => candidate._id === target.itemId);
      if (item) item[target.field] = value;
    }
  }
  return next;
}

/** Runs `task` as the one replayer of this browser: tabs wait for each other (Web Locks where there are). */
export async function asTheOneReplayer<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('tripcost-sync', task) as Promise<T>;
}
