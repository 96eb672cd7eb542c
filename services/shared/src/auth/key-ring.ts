// The public keys a verifier trusts, by key id. Two kinds:
// - static: keys given in configuration (local mode, tests, the auth service itself);
// - JWKS: the auth service's published keys, fetched and cached, plus any static
//   keys pinned beside them. Known ids never wait for the network: a stale set is
//   refreshed in the background. An unknown id waits for one refresh, but unknown
//   ids cannot make a verifier fetch more than once per cooldown (a flood of tokens
//   with made-up ids costs the auth service one request per cooldown, not one each).
import type { KeyObject } from 'node:crypto';
import type { Logger } from '../logger';
import { keyIdOf, publicKeyFromJwk } from './keys';

export interface KeyRing {
  /** The key with this id; an unknown id first refreshes the set when the cooldown allows. */
  keyFor(kid: string): Promise<KeyObject | undefined>;
  /**
   * Synchronous: is this id still trusted? For callers that remember verified tokens
   * (the gateway), so a removed key stops its tokens there too. Never waits.
   */
  trusts(kid: string): boolean;
}

export function staticKeyRing(keys: KeyObject[]): KeyRing {
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  return {
    keyFor: async (kid) => byId.get(kid),
    trusts: (kid) => byId.has(kid),
  };
}

export interface JwksOptions {
  url: string;
  logger: Logger;
  /** Keys trusted whatever the JWKS says (a static JWT_PUBLIC_KEY). */
  pinned?: KeyObject[];
  /** A set older than this is refreshed in the background on its next use. */
  refreshIntervalMs: number;
  /** Least time after a successful fetch before an unknown id may fetch again. */
  cooldownMs: number;
  timeoutMs?: number;
  /** For tests: the clock. */
  now?: () => number;
}

/** After a failed fetch the next attempt waits this long (or the cooldown, if shorter). */
const RETRY_AFTER_FAILURE_MS = 1000;
const MAX_KEYS = 20;
const MAX_DOCUMENT_BYTES = 64 * 1024;

export function jwksKeyRing(options: JwksOptions): KeyRing {
  const { url, logger, refreshIntervalMs, cooldownMs, timeoutMs = 3000, now = Date.now } = options;
  const pinned = new Map((options.pinned ?? []).map((key) => [keyIdOf(key), key]));
  const retryAfterFailureMs = Math.min(RETRY_AFTER_FAILURE_MS, cooldownMs);
  let published = new Map<string, KeyObject>();
  let lastSuccess = Number.NEGATIVE_INFINITY;
  let lastFailure = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;

  const lookup = (kid: string) => pinned.get(kid) ?? published.get(kid);
  const mayFetch = (sinceSuccessMs: number) =>
    now() - lastSuccess >= sinceSuccessMs && now() - lastFailure >= retryAfterFailureMs;

  /** One fetch at a time; concurrent callers share it. Never rejects: a failure keeps the old set. */
  const refresh = (): Promise<void> => {
    inFlight ??= fetchKeys(url, timeoutMs)
      .then((keys) => {
        const added = [...keys.keys()].filter((kid) => !published.has(kid));
        const removed = [...published.keys()].filter((kid) => !keys.has(kid));
        if (added.length > 0 || removed.length > 0) logger.info({ url, added, removed }, 'signing keys changed');
        published = keys;
        lastSuccess = now();
      })
      .catch((error: unknown) => {
        lastFailure = now();
        logger.warn({ url, err: error }, 'could not fetch the signing keys; keeping the ones known');
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  const refreshIfStale = () => {
    if (!inFlight && mayFetch(refreshIntervalMs)) void refresh();
  };

  return {
    async keyFor(kid) {
      const known = lookup(kid);
      if (known) {
        refreshIfStale();
        return known;
      }
      if (inFlight) await inFlight;
      else if (mayFetch(cooldownMs)) await refresh();
      return lookup(kid);
    },
    trusts(kid) {
      refreshIfStale();
      return lookup(kid) !== undefined;
    },
  };
}

async function fetchKeys(url: string, timeoutMs: number): Promise<Map<string, KeyObject>> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new Error('JWKS document too large');
  const document = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(document.keys)) throw new Error('JWKS document has no "keys" array');
  const keys = new Map<string, KeyObject>();
  for (const jwk of document.keys.slice(0, MAX_KEYS)) {
    const parsed = publicKeyFromJwk(jwk);
    if (parsed) keys.set(parsed.kid, parsed.key);
  }
  return keys;
}
