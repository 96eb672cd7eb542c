// The real trips service behind the real gateway (real HTTP, real Redis, an embedded
// store in a temp dir, real signed tokens; the other services' URLs go nowhere), and a
// caller per traveller: what the board's, the flex grid's and the currencies' API tests
// drive. `tripsEnv` adds settings to the trips service (e.g. INTEGRATIONS_URL of a fake).
import type { AuthUser } from '@tripcost/shared';
import { silentLogger, tempDataDir, testKeys, testQueuePrefix, testRedisUrl, tokenFor } from '@tripcost/shared/testing';
import { configFrom as tripsConfig, startTrips } from '@tripcost/trips';
import { closedPortUrl, startTestGateway } from './helpers';

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, asserted field by field
  body: any;
}

export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
) => Promise<Reply & { headers: Headers }>;

export interface TripsBehindGateway {
  /** The gateway's base URL (for downloads that are not JSON). */
  url: string;
  /** A caller with `user`'s token (none for null). */
  as(user: AuthUser | null): Caller;
  /** The live-update streams the trips service follows now. */
  liveFollowers(): number;
  stop(): Promise<void>;
}

export async function startTripsBehindGateway(
  tripsEnv: Record<string, string> = {},
  gatewayEnv: Record<string, string> = {},
): Promise<TripsBehindGateway> {
  const offline = await closedPortUrl();
  const trips = await startTrips(
    tripsConfig({
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      DATA_DIR: tempDataDir(),
      JWT_PUBLIC_KEY: testKeys().publicKey,
      LOG_LEVEL: 'silent',
      INTEGRATIONS_URL: offline,
      ...tripsEnv,
    }),
    silentLogger(),
  );
  const gateway = await startTestGateway({
    AUTH_URL: offline,
    TRIPS_URL: trips.url,
    WISHLISTS_URL: offline,
    INTEGRATIONS_URL: offline,
    WEB_DIST: '/nonexistent',
    ...gatewayEnv,
  });
  return {
    url: gateway.url,
    as:
      (user) =>
      async (method, path, body, extraHeaders = {}) => {
        const headers: Record<string, string> = { ...extraHeaders };
        if (user) headers.authorization = `Bearer ${tokenFor(user)}`;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${gateway.url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        // A live-update stream never ends: its status and headers are the answer.
        if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          await res.body?.cancel();
          const reply = { status: res.status, body: undefined };
          return Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false }) as Reply & {
            headers: Headers;
          };
        }
        const text = await res.text();
        // Downloads (CSV, iCalendar) are kept as text.
        const json = (res.headers.get('content-type') ?? '').includes('json');
        const reply = { status: res.status, body: text ? (json ? JSON.parse(text) : text) : undefined };
        // Not enumerable, so tests still compare whole replies as { status, body }.
        return Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false }) as Reply & {
          headers: Headers;
        };
      },
    liveFollowers: () => trips.liveFollowers(),
    stop: async () => {
      await gateway.stop();
      await trips.stop();
    },
  };
}
