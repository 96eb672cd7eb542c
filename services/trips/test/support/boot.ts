// Boots the real trips service in-process (port 0, temp embedded store, real Redis,
// a unique queue prefix) and gives tests a small client that speaks its API.
import { configFrom, startTrips, type RunningTrips } from '../../src';
import { bootService, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import type { AuthUser } from '@tripcost/shared';

export interface BootedTrips extends RunningTrips {
  prefix: string;
  dataDir: string;
}

export async function bootTrips(overrides: Record<string, string> = {}): Promise<BootedTrips> {
  const env = testServiceEnv(overrides);
  const running: RunningTrips = await bootService({ configFrom, start: startTrips }, env);
  return { ...running, prefix: env.QUEUE_PREFIX, dataDir: env.DATA_DIR };
}

export interface Reply {
  status: number;
  // Tests read whatever JSON came back.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** A caller of the API: a user with a real signed token, or anonymous. */
export function clientFor(baseUrl: string, user: AuthUser | null = testUser()) {
  const token = user ? tokenFor(user) : undefined;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    rawBody?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...extraHeaders,
        ...(token ? { authorization: token } : {}),
        ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    const reply = { status: res.status, body: text ? JSON.parse(text) : undefined } as Reply;
    // Not enumerable, so tests can compare whole replies as { status, body }.
    Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false });
    return reply;
  };
  return {
    user,
    token,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
    raw: (method: string, path: string, rawBody?: string) => call(method, path, undefined, rawBody),
    /** A request with extra headers (e.g. If-Match). */
    send: (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      call(method, path, body, undefined, headers),
    createTrip: async (fields: Record<string, unknown> = {}) => {
      const reply = await call('POST', '/api/trips/getaway-trip', {
        location_address: 'Austin, TX, USA',
        image_url: '/api/places-pics?photoreference=abc',
        isFavorite: false,
        ...fields,
      });
      if (reply.status !== 201) throw new Error(`create trip failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    addInstance: async (tripId: string, fields: Record<string, unknown> = {}) => {
      const reply = await call('POST', `/api/trips/getaway/${tripId}/instances`, {
        trip_start: '2030-03-01',
        trip_end: '2030-03-05',
        stay_expense: 100,
        travel_expense: 50,
        car_expense: 25,
        other_expense: 10,
        ...fields,
      });
      if (reply.status !== 201) throw new Error(`add instance failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
  };
}

export type Client = ReturnType<typeof clientFor>;
