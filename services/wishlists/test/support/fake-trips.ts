// A stand-in for the trips service's GET /api/trips/getaway/:tripId, on the shared
// fake upstream (a real HTTP server on loopback). It answers from its own table of trips and the caller's token
// (decoded, not verified: the wishlists service verified it already), and can be told
// to fail for a trip: 500, hang past the client's timeout, or answer garbage.
import { newId } from '@tripcost/shared';
import { startFakeUpstream } from '@tripcost/shared/testing';

export interface FakeTrip {
  _id: string;
  user_id: string;
  location_address: string;
  image_url: string;
  trip_start: string | null;
  trip_end: string | null;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
  total_cost: number;
  /** The trip's currency; absent: an older trips service (read as USD). */
  currency?: string;
}

export type TripFailure = 'error' | 'hang' | 'garbage';

export interface FakeTrips {
  url: string;
  /** Every GET seen, for asserting which token was forwarded. */
  calls: { tripId: string; authorization: string | undefined }[];
  addTrip(userId: string, overrides?: Partial<FakeTrip>): FakeTrip;
  failFor(tripId: string, failure: TripFailure): void;
  close(): Promise<void>;
}

export async function startFakeTrips(): Promise<FakeTrips> {
  const trips = new Map<string, FakeTrip>();
  const failures = new Map<string, TripFailure>();
  const calls: FakeTrips['calls'] = [];
  const upstream = await startFakeUpstream(({ method, path, headers }) => {
    const match = /^\/api\/trips\/getaway\/([^/?]+)$/.exec(path);
    const send = (status: number, json: unknown) => ({ status, json });
    if (method !== 'GET' || !match) return send(404, { msg: 'no route' });
    const tripId = decodeURIComponent(match[1]);
    calls.push({ tripId, authorization: headers.authorization });
    const failure = failures.get(tripId);
    if (failure === 'error') return send(500, { msg: 'Something went wrong' });
    if (failure === 'hang') return undefined; // never answers; the client's timeout must fire
    if (failure === 'garbage') return { body: '<html>not json' };
    const token = (headers.authorization ?? '').replace(/^bearer\s+/i, '');
    const caller = claimsOf(token);
    if (!caller?.sub) return send(401, { msg: 'Please log in to continue.' });
    const trip = trips.get(tripId);
    if (!trip) return send(404, { msg: 'Trip not found.' });
    if (trip.user_id !== caller.sub) return send(403, { msg: 'You do not have access to this trip.' });
    return send(200, { ...trip, isFavorite: false, instances: [] });
  });
  return {
    url: upstream.url,
    calls,
    addTrip(userId, overrides = {}) {
      const trip: FakeTrip = {
        _id: newId(),
        user_id: userId,
        location_address: 'Lisbon, Portugal',
        image_url: 'https://img.example/lisbon.jpg',
        trip_start: '2025-06-01T00:00:00.000Z',
        trip_end: '2025-06-07T00:00:00.000Z',
        stay_expense: 500,
        travel_expense: 200,
        car_expense: 100,
        other_expense: 50.25,
        total_cost: 850.25,
        ...overrides,
      };
      trips.set(trip._id, trip);
      return trip;
    },
    failFor(tripId, failure) {
      failures.set(tripId, failure);
    },
    close: () => upstream.close(),
  };
}

function claimsOf(token: string): { sub?: string } | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
