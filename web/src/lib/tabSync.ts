// Tabs of one browser stay in step (docs/product.md §4): a trip saved, a login, a logout
// or a deleted account in one tab is announced to the others at once. BroadcastChannel
// where the browser has it; otherwise a localStorage write, which fires a `storage`
// event in every other tab of the origin. Messages name what changed, never carry data
// or tokens: each tab refetches with its own session.
import type { TAG_TYPES } from './api';

type Tag = (typeof TAG_TYPES)[number] | { type: (typeof TAG_TYPES)[number]; id: string };

export type TabMessage =
  | { type: 'data-changed'; tags: Tag[] }
  | { type: 'logged-in' }
  | { type: 'logged-out'; reason: 'logout' | 'account-deleted' };

export interface TabChannel {
  post(message: TabMessage): void;
  /** Calls `listener` for every message another tab posts; returns the unsubscribe. */
  listen(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

export const CHANNEL_NAME = 'tripcost-tabs';
/** The localStorage key of the fallback; written then removed at once. */
export const STORAGE_KEY = 'tripcost:tab-message';

const MESSAGE_TYPES = new Set(['data-changed', 'logged-in', 'logged-out']);

/** Anything another tab (or another script of the origin) wrote is checked before it is acted on. */
export function parseTabMessage(raw: unknown): TabMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = (JSON.parse(raw) as { message?: unknown }).message;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) return null;
  if (type === 'data-changed' && !Array.isArray((value as { tags?: unknown }).tags)) return null;
  return value as TabMessage;
}

interface TabEnv {
  BroadcastChannel?: typeof BroadcastChannel;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage'>;
}

/** The channel between this tab and the others; `env` is for tests. */
export function openTabChannel(env: TabEnv = defaultEnv()): TabChannel {
  const listeners = new Set<(message: TabMessage) => void>();
  const deliver = (raw: unknown) => {
    const message = parseTabMessage(raw);
    if (message) for (const listener of listeners) listener(message);
  };
  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      listen: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
      close: () => channel.close(),
    };
  }
  const win = env.window;
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY && event.newValue) deliver(event.newValue);
  };
  win?.addEventListener('storage', onStorage);
  let sequence = 0;
  return {
    post(message) {
      try {
        // A fresh value each time, so two equal messages in a row still fire the event.
        sequence += 1;
        win?.localStorage.setItem(STORAGE_KEY, JSON.stringify({ message, at: Date.now(), sequence }));
        win?.localStorage.removeItem(STORAGE_KEY);
      } catch {
        /* storage unavailable (private mode): the tabs cannot be told */
      }
    },
    listen: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    close: () => win?.removeEventListener('storage', onStorage),
  };
}

function defaultEnv(): TabEnv {
  if (typeof window === 'undefined') return {};
  return {
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    window,
  };
}

let current: TabChannel | null = null;

/** The app's channel (FullApp opens it; tests may set a fake; none means this tab tells no one). */
export function setTabChannel(channel: TabChannel | null): void {
  current = channel;
}

export function tabChannel(): TabChannel | null {
  return current;
}

/** Tells the other tabs; a no-op without a channel. */
export function announce(message: TabMessage): void {
  try {
    current?.post(message);
  } catch {
    /* a closed channel: nothing to tell */
  }
}
