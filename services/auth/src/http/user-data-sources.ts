// Where an export gathers the caller's data from: the trips, wishlists, notifications and imports services'
// own public APIs, on the kit's service client, called with the caller's token, so each
// service applies its usual owner check and the export can never hold anything the
// caller could not read. The endpoints are checked against the callees' OpenAPI
// documents (test/http/user-data-sources.contract.test.ts).
import { createServiceClient, defineEndpoint, serviceUnavailable, type Logger } from '@tripcost/shared';
import type { UserDataSources } from '../domain/data-export';

export const EXPORT_UNAVAILABLE = 'Your data could not be gathered right now. Please try again in a minute.';

/** The trips API's largest page; the export pages until a shorter one arrives. */
const TRIPS_PAGE = 500;
/** A bound on paging, far above any real account (the lists are bounded per user). */
const MAX_TRIP_PAGES = 200;

/** A page of the caller's trips, as the trips API answers them (the export keeps every field). */
export const TRIPS_PAGE_ENDPOINT = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/trips/getaway-trip',
  query: ['limit', 'offset'],
  // Every field is kept; the currency is named so the contract test proves amounts arrive with it.
  answer: { list: true, reads: ['currency', 'instances'] },
});

/** Every wishlist of the caller. */
export const WISHLISTS_ENDPOINT = defineEndpoint({
  callee: 'wishlists',
  method: 'get',
  path: '/api/wishlist/getlists',
  answer: { list: true, reads: [] },
});

/** The payments the caller is part of, per trip (issue 40). */
export const PAYMENTS_ENDPOINT = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/trips/payments',
  answer: { list: true, reads: ['trip_id', 'currency', 'payments'] },
});

/** One page of a trip's history, newest first, and the cursor of the next (issue 41). */
export const HISTORY_PAGE_ENDPOINT = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/trips/getaway/{tripId}/history',
  query: ['limit', 'before'],
  answer: { list: false, reads: ['entries', 'next'] },
});
/** The history API's largest page: a long history comes in many short calls, none near the timeout. */
const HISTORY_PAGE = 100;
/** A bound on paging a trip's history (100,000 entries), far above any real trip. */
const MAX_HISTORY_PAGES = 1000;
/** The caller's notifications and alert preferences (issue 42). */
export const NOTIFICATIONS_ENDPOINT = defineEndpoint({
  callee: 'notifications',
  method: 'get',
  path: '/api/notifications/export',
  answer: { list: false, reads: ['notifications', 'preferences'] },
});
/** The caller's import drafts while they are kept (issue 43). */
export const IMPORTS_ENDPOINT = defineEndpoint({
  callee: 'imports',
  method: 'get',
  path: '/api/imports',
  answer: { list: true, reads: [] },
});

/** Every endpoint the export calls (the contract test checks each one). */
export const EXPORT_ENDPOINTS = [
  TRIPS_PAGE_ENDPOINT,
  WISHLISTS_ENDPOINT,
  PAYMENTS_ENDPOINT,
  HISTORY_PAGE_ENDPOINT,
  NOTIFICATIONS_ENDPOINT,
  IMPORTS_ENDPOINT,
];

export function createUserDataSources(options: {
  tripsUrl: string;
  wishlistsUrl: string;
  notificationsUrl: string;
  importsUrl: string;
  timeoutMs: number;
  logger: Logger;
}): UserDataSources {
  const trips = createServiceClient({ baseUrl: options.tripsUrl, timeoutMs: options.timeoutMs });
  const wishlists = createServiceClient({ baseUrl: options.wishlistsUrl, timeoutMs: options.timeoutMs });
  const notifications = createServiceClient({ baseUrl: options.notificationsUrl, timeoutMs: options.timeoutMs });
  const imports = createServiceClient({ baseUrl: options.importsUrl, timeoutMs: options.timeoutMs });
  const unavailable = () => serviceUnavailable(EXPORT_UNAVAILABLE, 'export_unavailable');
  /** The answer's body, or 503 when the source cannot answer. */
  const bodyFrom = async (source: string, call: () => Promise<{ status: number; body: unknown }>): Promise<unknown> => {
    let answer;
    try {
      answer = await call();
    } catch (error) {
      options.logger.warn({ err: error, source }, 'export source did not answer');
      throw unavailable();
    }
    if (answer.status !== 200) {
      options.logger.warn({ source, status: answer.status }, 'export source answered with an error');
      throw unavailable();
    }
    return answer.body;
  };
  /** The answer's list, or 503 when the source cannot answer one. */
  const listFrom = async (
    source: string,
    call: () => Promise<{ status: number; body: unknown }>,
  ): Promise<unknown[]> => {
    const body = await bodyFrom(source, call);
    if (Array.isArray(body)) return body;
    options.logger.warn({ source }, 'export source answered with something other than a list');
    throw unavailable();
  };

  return {
    async trips(authorization) {
      const all: unknown[] = [];
      for (let page = 0; page < MAX_TRIP_PAGES; page++) {
        const list = await listFrom('trips', () =>
          trips.get(TRIPS_PAGE_ENDPOINT, {
            authorization,
            params: {},
            query: { limit: TRIPS_PAGE, offset: page * TRIPS_PAGE },
          }),
        );
        all.push(...list);
        if (list.length < TRIPS_PAGE) break;
      }
      return all;
    },
    wishlists: (authorization) =>
      listFrom('wishlists', () => wishlists.get(WISHLISTS_ENDPOINT, { authorization, params: {} })),
    payments: (authorization) => listFrom('trips', () => trips.get(PAYMENTS_ENDPOINT, { authorization, params: {} })),
    async history(authorization, tripId) {
      const entries: unknown[] = [];
      let before: string | undefined;
      for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
        const body = (await bodyFrom('trips', () =>
          trips.get(HISTORY_PAGE_ENDPOINT, {
            authorization,
            params: { tripId },
            query: { limit: HISTORY_PAGE, ...(before ? { before } : {}) },
          }),
        )) as { entries?: unknown; next?: unknown } | null;
        if (!Array.isArray(body?.entries)) {
          options.logger.warn({ source: 'trips' }, 'export source answered a history without entries');
          throw unavailable();
        }
        entries.push(...body.entries);
        if (typeof body.next !== 'string') break;
        before = body.next;
      }
      return entries;
    },
    async notifications(authorization) {
      const body = await bodyFrom('notifications', () =>
        notifications.get(NOTIFICATIONS_ENDPOINT, { authorization, params: {} }),
      );
      if (body && typeof body === 'object') return body;
      options.logger.warn({ source: 'notifications' }, 'export source answered with something other than an object');
      throw unavailable();
    },
    imports: (authorization) => listFrom('imports', () => imports.get(IMPORTS_ENDPOINT, { authorization, params: {} })),
  };
}
