// The TripDirectory over the trips service's public API, on the kit's service client,
// called with the caller's own token so the trips service applies its access rule: 200
// means the caller owns or is a member of the trip, and the preview is taken from that answer, never from
// our request body. The endpoint is checked against the trips service's OpenAPI document
// (test/http/trips-client.contract.test.ts).
import {
  createServiceClient,
  defineEndpoint,
  notFound,
  serviceUnavailable,
  totalCost,
  unauthorized,
  type Logger,
} from '@tripcost/shared';
import type { TripDirectory } from '../domain/trip-directory';
import { previewOf } from '../domain/wishlists';

export const TRIP_NOT_FOUND = 'Trip not found.';
export const TRIPS_UNAVAILABLE = 'Trips are unavailable right now. Please try again.';

/** One trip of the caller, with the fields of its preview. */
export const OWNED_TRIP = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/trips/getaway/{tripId}',
  answer: {
    list: false,
    reads: [
      '_id',
      'image_url',
      'location_address',
      'trip_start',
      'trip_end',
      'total_cost',
      'currency',
      'costs_hidden',
      'version',
    ],
  },
});

/** Every endpoint this service calls (the contract test checks each one). */
export const TRIPS_ENDPOINTS = [OWNED_TRIP];

export function createTripsClient(options: { baseUrl: string; timeoutMs: number; logger: Logger }): TripDirectory {
  const client = createServiceClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  const unavailable = () => serviceUnavailable(TRIPS_UNAVAILABLE, 'trips_unavailable');
  return {
    async ownedTrip(tripId, authorization) {
      let answer;
      try {
        answer = await client.get(OWNED_TRIP, { authorization, params: { tripId } });
      } catch (error) {
        options.logger.warn({ err: error, tripId }, 'trips service did not answer');
        throw unavailable();
      }
      if (answer.status === 403 || answer.status === 404 || answer.status === 400) throw notFound(TRIP_NOT_FOUND);
      if (answer.status === 401) throw unauthorized('token_invalid');
      if (answer.status !== 200) {
        options.logger.warn({ tripId, status: answer.status }, 'trips service answered with an error');
        throw unavailable();
      }
      const trip = answer.body;
      // The id we asked for is the id we keep: the answer only supplies the preview.
      if (!isObject(trip) || (trip._id !== undefined && trip._id !== tripId)) {
        options.logger.warn({ tripId }, 'trips service answered with an unexpected body');
        throw unavailable();
      }
      if (trip.costs_hidden === true) return previewOf({ ...trip, _id: tripId });
      return previewOf({ ...trip, _id: tripId, total_cost: totalCostOf(trip) });
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** total_cost when the trips service sends it, else the sum of the four expenses (an older trips). */
function totalCostOf(trip: Record<string, unknown>): number {
  if (typeof trip.total_cost === 'number' && Number.isFinite(trip.total_cost)) return trip.total_cost;
  return totalCost(trip);
}
