// The cache port: what the domain's cache-aside reads need (store/cache.ts implements it in
// Redis), with the kinds of cached answers and how each is encoded.
export interface CacheKind {
  /** Part of the Redis key, e.g. 'weather'. */
  name: string;
  /** 0: kept until overwritten (a last good answer), never expired. */
  ttlSeconds: number;
  /** Entries above this size are served but not stored. */
  maxBytes?: number;
}

export const CACHE_KINDS = {
  weather: { name: 'weather', ttlSeconds: 10 * 60 },
  /** A forecast changes a few times a day. */
  windowForecast: { name: 'window-forecast', ttlSeconds: 3600 },
  /** Ten-year means for past calendar days do not change. */
  windowTypical: { name: 'window-typical', ttlSeconds: 30 * 24 * 3600 },
  autocomplete: { name: 'autocomplete', ttlSeconds: 24 * 3600 },
  placeDetails: { name: 'place-details', ttlSeconds: 24 * 3600 },
  photo: { name: 'photo', ttlSeconds: 7 * 24 * 3600, maxBytes: 2 * 1024 * 1024 },
  suggestions: { name: 'suggestions', ttlSeconds: 7 * 24 * 3600 },
  /** The ECB publishes once a working day (around 16:00 CET). */
  fxRates: { name: 'fx-rates', ttlSeconds: 12 * 3600 },
  /** The last rates the provider gave, served (with their date) while it is down. */
  fxLastGood: { name: 'fx-last-good', ttlSeconds: 0 },
} satisfies Record<string, CacheKind>;

/** How a value is stored: JSON for answers, raw bytes with their content type for photos. */
export interface Codec<T> {
  encode(value: T): Buffer;
  decode(stored: Buffer): T;
}

export const jsonCodec = <T>(): Codec<T> => ({
  encode: (value) => Buffer.from(JSON.stringify(value)),
  decode: (stored) => JSON.parse(stored.toString('utf8')) as T,
});

export interface Binary {
  contentType: string;
  body: Buffer;
}

export const binaryCodec: Codec<Binary> = {
  // '<content type>\n<bytes>': one GET returns both, no base64 inflation.
  encode: ({ contentType, body }) => Buffer.concat([Buffer.from(`${contentType}\n`), body]),
  decode: (stored) => {
    const newline = stored.indexOf(0x0a);
    return { contentType: stored.subarray(0, newline).toString('latin1'), body: stored.subarray(newline + 1) };
  },
};

export interface Cache {
  /** The cached value, or undefined (also when Redis is down or holds a remembered failure). */
  peek<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>): Promise<T | undefined>;
  /** The cached value, else `load()` once per process for concurrent callers, stored for the kind's TTL. */
  getOrLoad<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>, load: () => Promise<T>): Promise<T>;
  /** Stores a value for the kind's TTL (0: no expiry), after the answer; a failed write is only logged. */
  put<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>, value: T): void;
  /** Resolves when every write started so far has finished (stored or failed): tests wait on it. */
  settled(): Promise<void>;
}
