// The one place the app keeps data on the device for offline use (ADR 0038): the
// answers of the reads a traveller has seen, in IndexedDB through idb-keyval, each under
// the signed-in user's id. Only one user's data is ever kept: a different user signing
// in wipes the previous one's reads (changes not yet synced stay under their user), and logging out (or deleting the account) wipes it all,
// the photos the service worker kept included.
import { clear, createStore, del, entries, get, keys, set, type UseStore } from 'idb-keyval';
import { DAY_MS } from '@tripcost/shared/domain';

/** What the app needs of a key-value store; idb-keyval in the browser, a Map in unit tests. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[string, unknown][]>;
  /** The keys alone: cheap to scan even with many trips kept. */
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

export function indexedDbStore(db = 'tripcost-offline', table = 'answers'): KeyValueStore {
  let handle: UseStore | null = null;
  const store = () => (handle ??= createStore(db, table));
  return {
    get: (key) => get(key, store()),
    set: (key, value) => set(key, value, store()),
    del: (key) => del(key, store()),
    entries: () => entries<string, unknown>(store()),
    keys: () => keys<string>(store()),
    clear: () => clear(store()),
  };
}

export function memoryStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => structuredClone(map.get(key)),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
    entries: async () => [...map.entries()],
    keys: async () => [...map.keys()],
    clear: async () => map.clear(),
  };
}

/** The browser's store where there is IndexedDB; nothing is kept where there is none (e.g. jsdom). */
let kv: KeyValueStore | null = typeof indexedDB !== 'undefined' ? indexedDbStore() : null;

/** The store in use (none where there is no IndexedDB). */
export function deviceStore(): KeyValueStore | null {
  return kv;
}

/** Tests set a memory store (or none). */
export function setDeviceStore(store: KeyValueStore | null): void {
  kv = store;
}

/** The cache the service worker keeps photos in (vite.config.ts runtimeCaching). */
export const PHOTO_CACHE = 'tripcost-photos';
/** Trips kept: opened in the last 30 days, at most 200 (the most recently opened). */
export const KEEP_DAYS = 30;
export const KEEP_TRIPS = 200;

const LAST_USER = 'last-user';
const answerKey = (userId: string, url: string) => `answer|${userId}|${url}`;

interface SavedAnswer {
  userId: string;
  url: string;
  body: unknown;
  savedAt: number;
  /** The trip this answer belongs to, for the 30 days / 200 trips limit. */
  tripId?: string;
}

/** Reads kept for offline use: the user, trips (lists, trips, windows, flex grids), wishlists, profiles. */
const KEPT_READS: RegExp[] = [
  /^\/user\/infor$/,
  /^\/user\/profile\/[^/?]+$/,
  /^\/trips\/getaway-trip(?:\?.*)?$/,
  /^\/trips\/getaway\/([^/?]+)(?:[/?].*)?$/,
  /^\/wishlist\/getlists(?:\?.*)?$/,
  /^\/wishlist\/spec-wishlist\/[^/?]+$/,
];
const TRIP_READ = /^\/trips\/getaway\/([^/?]+)/;

/** Whether a GET of `url` (relative to /api) is kept on the device, and for which trip. */
export function keptRead(url: string): { tripId?: string } | null {
  if (!KEPT_READS.some((pattern) => pattern.test(url))) return null;
  const trip = TRIP_READ.exec(url);
  return trip ? { tripId: decodeURIComponent(trip[1]) } : {};
}

// ---- The "Keep trips on this device" setting: a device preference, on unless turned off.
export const KEEP_SETTING = 'tripcost:keep-on-device';

export function keepOnDevice(): boolean {
  try {
    return window.localStorage.getItem(KEEP_SETTING) !== 'off';
  } catch {
    return true;
  }
}

/** Turning it off wipes what is kept; turning it on keeps from the next read. */
export async function setKeepOnDevice(on: boolean): Promise<void> {
  try {
    if (on) window.localStorage.removeItem(KEEP_SETTING);
    else window.localStorage.setItem(KEEP_SETTING, 'off');
  } catch {
    /* storage unavailable: the setting lasts for this page only */
  }
  if (!on) await wipeDeviceData();
}

// ---- Answers

export async function saveAnswer(userId: string, url: string, body: unknown, now = Date.now()): Promise<void> {
  const read = keptRead(url);
  if (!kv || !read || !keepOnDevice()) return;
  const saved: SavedAnswer = { userId, url, body, savedAt: now, ...read };
  await kv.set(answerKey(userId, url), saved);
}

export async function savedAnswer(userId: string, url: string): Promise<unknown> {
  if (!kv || !keepOnDevice()) return undefined;
  const saved = (await kv.get(answerKey(userId, url))) as SavedAnswer | undefined;
  return saved?.userId === userId ? saved.body : undefined;
}

// ---- The last user, for opening the app without a network

export interface LastUser {
  id: string;
  savedAt: number;
}

/**
 * Remembers who signed in on this device. A different user than last time: the
 * previous user's data is wiped first, so it is never shown to (or kept beside) another.
 */
export async function rememberUser(userId: string, now = Date.now()): Promise<void> {
  if (!kv) return;
  const previous = (await kv.get(LAST_USER)) as LastUser | undefined;
  if (previous && previous.id !== userId) {
    // The reads go; changes still waiting to sync stay, filed under their own user: only
    // that user's next sign-in reads or sends them (ADR 0038), so nothing is lost to a
    // session that simply ran out.
    for (const key of await kv.keys()) if (!key.startsWith('change|')) await kv.del(key);
  }
  if (!keepOnDevice()) return;
  await kv.set(LAST_USER, { id: userId, savedAt: now } satisfies LastUser);
  await pruneAnswers(userId, now);
}

export async function lastUser(): Promise<LastUser | undefined> {
  if (!kv || !keepOnDevice()) return undefined;
  return (await kv.get(LAST_USER)) as LastUser | undefined;
}

/**
 * Drops what is past the limits: trips not opened in the last 30 days, trips beyond the
 * 200 most recently opened, other answers older than 30 days, and anything of another user.
 */
export async function pruneAnswers(userId: string, now = Date.now()): Promise<number> {
  if (!kv) return 0;
  const oldest = now - KEEP_DAYS * DAY_MS;
  const trips = new Map<string, number>();
  const answers: [string, SavedAnswer][] = [];
  for (const [key, value] of await kv.entries()) {
    if (!key.startsWith('answer|')) continue;
    const saved = value as SavedAnswer;
    answers.push([key, saved]);
    if (saved.userId === userId && saved.tripId) {
      trips.set(saved.tripId, Math.max(trips.get(saved.tripId) ?? 0, saved.savedAt));
    }
  }
  const keptTrips = new Set(
    [...trips.entries()]
      .filter(([, openedAt]) => openedAt >= oldest)
      .sort((a, b) => b[1] - a[1])
      .slice(0, KEEP_TRIPS)
      .map(([tripId]) => tripId),
  );
  let dropped = 0;
  for (const [key, saved] of answers) {
    const keep = saved.userId === userId && saved.savedAt >= oldest && (!saved.tripId || keptTrips.has(saved.tripId));
    if (!keep) {
      await kv.del(key);
      dropped += 1;
    }
  }
  return dropped;
}

/** Logout, account deletion, or the setting turned off: nothing of anyone stays on the device. */
export async function wipeDeviceData(): Promise<void> {
  try {
    await kv?.clear();
  } catch {
    /* IndexedDB unavailable: nothing was kept */
  }
  try {
    if (typeof caches !== 'undefined') await caches.delete(PHOTO_CACHE);
  } catch {
    /* no Cache Storage: nothing was kept */
  }
}
