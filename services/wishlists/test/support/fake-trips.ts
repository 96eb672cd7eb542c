// A stand-in for the trips service's GET /api/trips/getaway/:tripId, a real HTTP
// server on loopback. It answers from its own table of trips and the caller's token
// (decoded, not verified: the wishlists service verified it already), and can be told
// to fail for a trip: 500, hang past the client's timeout, or answer garbage.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@tripcost/shared';

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
  const server: Server = createServer((req, res) => {
    const match = /^\/api\/trips\/getaway\/([^/?]+)$/.exec(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || !match) return send(404, { msg: 'no route' });
    const tripId = decodeURIComponent(match[1]);
    calls.push({ tripId, authorization: req.headers.authorization });
    const failure = failures.get(tripId);
    if (failure === 'error') return send(500, { msg: 'Something went wrong' });
    if (failure === 'hang') return; // never answers; the client's timeout must fire
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>not json');
    }
    const token = (req.headers.authorization ?? '').replace(/^bearer\s+/i, '');
    const caller = claimsOf(token);
    if (!caller?.sub) return send(401, { msg: 'Please log in to continue.' });
    const trip = trips.get(tripId);
    if (!trip) return send(404, { msg: 'Trip not found.' });
    if (trip.user_id !== caller.sub) return send(403, { msg: 'You do not have access to this trip.' });
    send(200, { ...trip, isFavorite: false, instances: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
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
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function claimsOf(token: string): { sub?: string } | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
