// The queue of changes made offline (ADR 0038), in IndexedDB under the signed-in user in
// the order they were made, and what the replayer needs of them: the request an edit
// sends, the trip as the page shows it meanwhile, ids renamed once a create answers.
// Loaded only with the replayer (offlineSync.ts) and the conflict view, not with every page.
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { DEFAULT_CURRENCY_DIGITS, EXPENSE_FIELDS, totalCost, type ExpenseField } from '@tripcost/shared/domain';
import { COMMITTED, itemChanges, targetOf, tripChanges, windowChanges, type FieldKey, type Fields } from '../merge';
import { tripPath } from '../api';
import type { Instance, Trip } from '../types';
import type { QueuedChange } from './changeQueue';
import { deviceStore } from './deviceStore';

const NO_EXPENSES = Object.fromEntries(EXPENSE_FIELDS.map((field) => [field, 0])) as Record<ExpenseField, number>;

/**
 * A window as the page shows it until the server has it: the sent fields, nothing computed
 * but its total — the shared core's sum, exact to the trip currency's minor unit.
 */
export function offlineWindow(
  tempId: string,
  body: Record<string, unknown>,
  digits = DEFAULT_CURRENCY_DIGITS,
  now = new Date(),
): Instance {
  const total = totalCost(body, digits);
  return {
    _id: tempId,
    trip_start: null,
    trip_end: null,
    ...NO_EXPENSES,
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
    // Everyone there throughout until the server says otherwise.
    presence: {},
    paid_total: 0,
    booked_total: 0,
    freshness: { oldest_captured_on: null, stale_items: 0 },
    // No one has voted on it yet (the card's vote buttons read these).
    votes: { yes: 0, maybe: 0, no: 0, mine: null },
    works_for_everyone: false,
    fx_effect: 0,
    total_cost: total,
    per_person: total,
    to_pay: total,
  } satisfies Instance;
}

/**
 * The ids the server gave what a kept change created, read from its answer: [temporary,
 * real] for the thing itself and for what came with it (the items of a copied window).
 */
export function createdIds(change: QueuedChange, answer: unknown): [string, string][] {
  const read = (path: string[]) => {
    const id = path.reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], answer);
    return typeof id === 'string' ? id : undefined;
  };
  const made = change.create
    ? [{ tempId: change.create.tempId, idAt: ['_id'] }]
    : change.request?.tempId
      ? [{ tempId: change.request.tempId, idAt: change.request.idAt ?? ['_id'] }, ...(change.request.alsoIds ?? [])]
      : [];
  return made.flatMap(({ tempId, idAt }): [string, string][] => {
    const id = read(idAt);
    return id ? [[tempId, id]] : [];
  });
}

/** A kept change with every mention of `from` (a temporary id) renamed to `to`: its keys, request and body. */
export function renameId(change: QueuedChange, from: string, to: string): QueuedChange {
  return JSON.parse(JSON.stringify(change).split(from).join(to)) as QueuedChange;
}

/** Whether a kept change names `id` (something made offline): its create, its fields, its request. */
export function namesWindow(change: QueuedChange, id: string): boolean {
  return JSON.stringify(change).includes(id);
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

/**
 * The request that sends `fields` of one trip: a trip's fields, one window's, one item's
 * (keys say which), or the plan: committing a window, or clearing the one committed in
 * `base` (the plan as the server holds it when this is sent).
 */
export function requestFor(tripId: string, fields: Fields, capturedOn?: string, base: Fields = {}): FetchArgs {
  if (COMMITTED in fields) {
    const window = fields[COMMITTED] ?? base[COMMITTED];
    const url = `${tripPath(tripId)}/instances/${encodeURIComponent(String(window))}/commit`;
    return fields[COMMITTED] ? { url, method: 'PATCH', body: {} } : { url, method: 'DELETE' };
  }
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
  const next: Trip = structuredClone(trip);
  for (const [key, value] of Object.entries(fields) as [FieldKey, unknown][]) {
    const target = targetOf(key);
    if (key === COMMITTED) {
      // One window at most is the plan.
      next.instances = next.instances?.map((window) => ({ ...window, isCommitted: window._id === value }));
      continue;
    }
    if (target.kind === 'trip') {
      // A field of the trip by its name (merge.ts keys every field so): set as it will be stored.
      Object.assign(next, { [target.field]: value });
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
