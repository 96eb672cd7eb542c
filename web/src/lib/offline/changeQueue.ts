// Changes made without a network (ADR 0038), the part every page loads: what a kept
// change is. A change that finds no network is handed to the store's keeper by the save
// home (features/saving: send.ts, mergeSave.ts; the keeper is offlineSync.ts, loaded
// beside the first page); the queue itself lives in queueStore.ts.
// each edit of a trip, a window or a cost
// item is kept in IndexedDB with the trip version it was based on, under the signed-in
// user, in the order it was made; the cached trip shows it at once. Back online they are
// sent in that order with If-Match (mergeSave.ts merges a 412 by field, as online); a
// field both sides changed is kept as a conflict for the traveller to settle.
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { Conflict, Fields } from '../merge';
import type { Trip } from '../types';

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

/** A create: its Idempotency-Key, kept with it, so a retry after a lost answer never creates twice. */
export const creating = (url: string, body: unknown): FetchArgs & { method: string } => ({
  url,
  method: 'POST',
  body,
  headers: { 'Idempotency-Key': newIdempotencyKey() },
});

/** A temporary id for something created offline. */
export const newTempId = () => `${TEMP_PREFIX}${newIdempotencyKey()}`;

export interface OfflineWindowRemove {
  tripId: string;
  instanceId: string;
}

/** A fresh Idempotency-Key for a create. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
