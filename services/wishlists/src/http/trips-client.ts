// The TripDirectory over the trips service's public API, called with the caller's
// own token so the trips service applies its owner check: 200 means the trip is the
// caller's, and the preview is taken from that answer, never from our request body.
import { notFound, serviceUnavailable, totalCost, unauthorized, type Logger } from '@tripcost/shared';
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
        response = await fetch(url, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
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
