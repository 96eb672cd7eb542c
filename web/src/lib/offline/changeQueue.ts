// Changes made without a network (ADR 0038), the part every page loads: what a kept
// change is, and how a change that finds no network is handed to the keeper (installed
// by features/trips/offlineSync.ts, loaded beside the first page); the queue itself and
// its replay live in queueStore.ts, loaded with the keeper.
// each edit of a trip, a window or a cost
// item is kept in IndexedDB with the trip version it was based on, under the signed-in
// user, in the order it was made; the cached trip shows it at once. Back online they are
// sent in that order with If-Match (mergeSave.ts merges a 412 by field, as online); a
// field both sides changed is kept as a conflict for the traveller to settle.
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Conflict, Fields } from '../merge';
import type { BaseQuery } from '../mergeSave';
import type { Instance, Trip } from '../types';

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
  /** More it creates, each at its path in the answer: the items of a window copied offline. */
  alsoIds?: { tempId: string; idAt: string[] }[];
}

/** A window created offline, until the server gives it an id. */
export const TEMP_PREFIX = 'offline-';
export const isTempId = (id: string) => id.startsWith(TEMP_PREFIX);

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
  alsoIds?: KeptRequest['alsoIds'];
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
    const { tempId, idAt, alsoIds } = keep;
    const request = { url, method, body, idempotencyKey, tempId, idAt, alsoIds };
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

/** A fresh Idempotency-Key for a create. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
