// The wishlists service's calls to trips, checked against what trips serves: the real
// trips service is booted and its /openapi.json fetched; every declared endpoint (path,
// method, query, answer kind and each field the preview reads) must be in it, and
// deployables.json must list trips among the services wishlists calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiMismatches } from '@tripcost/shared';
import { silentLogger, testServiceEnv } from '@tripcost/shared/testing';
import { configFrom as tripsConfigFrom, startTrips, type RunningTrips } from '@tripcost/trips';
import { TRIPS_ENDPOINTS } from '../../src/http/trips-client';

const deployables: { name: string; calls: string[] }[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../../deployables.json'), 'utf8'),
).deployables;

let trips: RunningTrips;
let document: unknown;
beforeAll(async () => {
  trips = await startTrips(tripsConfigFrom(testServiceEnv()), silentLogger());
  document = await (await fetch(`${trips.url}/openapi.json`)).json();
});
afterAll(() => trips.stop());

describe('the trips client against the trips OpenAPI document', () => {
  it.each(TRIPS_ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    'when wishlists calls %s, then trips serves it with every field wishlists reads',
    (_name, endpoint) => {
      expect(openApiMismatches(endpoint, document)).toEqual([]);
    },
  );

  it('when wishlists calls trips, then deployables.json says so', () => {
    const callees = new Set(TRIPS_ENDPOINTS.map((e) => e.callee));
    expect(deployables.find((d) => d.name === 'wishlists')?.calls).toEqual(expect.arrayContaining([...callees]));
  });
});
