// The TripDirectory over the trips service's public API, called with the caller's
// own token so the trips service applies its owner check: 200 means the trip is the
// caller's, and the preview is taken from that answer, never from our request body.
import { backoffMs, notFound, serviceUnavailable, totalCost, unauthorized, type Logger } from '@tripcost/shared';
import { previewOf } from '../domain/wishlists';
import type { TripDirectory } from '../domain/trip-directory';

export const TRIP_NOT_FOUND = 'Trip not found.';
export const TRIPS_UNAVAILABLE = 'Trips are unavailable right now. Please try again.';

export function createTripsClient(options: { baseUrl: string; timeoutMs: number; logger: Logger }): TripDirectory {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async ownedTrip(tripId, authorization) {
      const url = `${base}/api/trips/getaway/${encodeURIComponent(tripId)}`;
      let response: Response;
      try {
        response = await fetchRetryingRestarts(url, authorization, options.timeoutMs);
      } catch (error) {
        options.logger.warn({ err: error, tripId }, 'trips service did not answer');
        throw serviceUnavailable(TRIPS_UNAVAILABLE, 'trips_unavailable');
      }
      if (response.status === 403 || response.status === 404 || response.status === 400) {
        await response.body?.cancel();
        throw notFound(TRIP_NOT_FOUND);
      }
      if (response.status === 401) {
        await response.body?.cancel();
        throw unauthorized('token_invalid');
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        options.logger.warn({ tripId, status: response.status }, 'trips service answered with an error');
        throw serviceUnavailable(TRIPS_UNAVAILABLE, 'trips_unavailable');
      }
      const trip = await readTrip(response);
      // The id we asked for is the id we keep: the answer only supplies the preview.
      if (!trip || (trip._id !== undefined && trip._id !== tripId)) {
        options.logger.warn({ tripId }, 'trips service answered with an unexpected body');
        throw serviceUnavailable(TRIPS_UNAVAILABLE, 'trips_unavailable');
      }
      return previewOf({ ...trip, _id: tripId, total_cost: totalCostOf(trip) });
    },
  };
}

/** How long a read is sent again while the trips service restarts (under the gateway's 10 s). */
const RESTART_WINDOW_MS = 5000;

/**
 * A read is safe to repeat, so a refused or reset connection or a 503 (the trips
 * service draining or starting) is tried again with a growing pause for a few
 * seconds: a rolling restart of trips must not fail a traveller's favourite.
 */
async function fetchRetryingRestarts(url: string, authorization: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + RESTART_WINDOW_MS;
  for (let attempt = 1; ; attempt += 1) {
    const pause = backoffMs(attempt);
    const lastChance = Date.now() + pause > deadline;
    try {
      const response = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status !== 503 || lastChance) return response;
      await response.body?.cancel();
    } catch (error) {
      if (lastChance || (error as Error).name === 'TimeoutError') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

async function readTrip(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
    // Accept the trip itself or a `{ trip }` envelope.
    const trip = 'trip' in body && body.trip && typeof body.trip === 'object' ? body.trip : body;
    return trip as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** total_cost when the trips service sends it, else the sum of the four expenses. */
function totalCostOf(trip: Record<string, unknown>): number {
  if (typeof trip.total_cost === 'number' && Number.isFinite(trip.total_cost)) return trip.total_cost;
  return totalCost(trip);
}
