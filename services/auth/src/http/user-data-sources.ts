// Where an export gathers the caller's data from: the trips and wishlists services'
// own public APIs, called with the caller's token, so each service applies its usual
// owner check and the export can never hold anything the caller could not read.
import { serviceUnavailable, type Logger } from '@tripcost/shared';
import type { UserDataSources } from '../domain/data-export';

export const EXPORT_UNAVAILABLE = 'Your data could not be gathered right now. Please try again in a minute.';

/** The trips API's largest page; the export pages until a shorter one arrives. */
const TRIPS_PAGE = 500;
/** A bound on paging, far above any real account (the lists are bounded per user). */
const MAX_TRIP_PAGES = 200;

export function createUserDataSources(options: {
  tripsUrl: string;
  wishlistsUrl: string;
  timeoutMs: number;
  logger: Logger;
}): UserDataSources {
  const getJson = async (url: string, authorization: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      options.logger.warn({ err: error, url }, 'export source did not answer');
      throw serviceUnavailable(EXPORT_UNAVAILABLE, 'export_unavailable');
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      options.logger.warn({ url, status: response.status }, 'export source answered with an error');
      throw serviceUnavailable(EXPORT_UNAVAILABLE, 'export_unavailable');
    }
    return response.json();
  };
  const trimmed = (url: string) => url.replace(/\/+$/, '');
  const list = (body: unknown, url: string): unknown[] => {
    if (Array.isArray(body)) return body;
    options.logger.warn({ url }, 'export source answered with something other than a list');
    throw serviceUnavailable(EXPORT_UNAVAILABLE, 'export_unavailable');
  };

  return {
    async trips(authorization) {
      const all: unknown[] = [];
      for (let page = 0; page < MAX_TRIP_PAGES; page++) {
        const url = `${trimmed(options.tripsUrl)}/api/trips/getaway-trip?limit=${TRIPS_PAGE}&offset=${page * TRIPS_PAGE}`;
        const trips = list(await getJson(url, authorization), url);
        all.push(...trips);
        if (trips.length < TRIPS_PAGE) break;
      }
      return all;
    },
    async wishlists(authorization) {
      const url = `${trimmed(options.wishlistsUrl)}/api/wishlist/getlists`;
      return list(await getJson(url, authorization), url);
    },
  };
}
