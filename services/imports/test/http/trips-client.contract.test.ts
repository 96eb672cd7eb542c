// Imports' calls to trips, checked against what trips serves: trips is booted and its
// /openapi.json fetched; every declared endpoint (path, method, answer kind and fields)
// must be in it, and deployables.json must list trips among the services imports calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiMismatches } from '@tripcost/shared';
import { silentLogger, testServiceEnv } from '@tripcost/shared/testing';
import { configFrom as tripsConfigFrom, startTrips, type RunningTrips } from '@tripcost/trips';
import { TRIPS_ENDPOINTS } from '../../src/http/trips-client';

let trips: RunningTrips;
let document: unknown;
beforeAll(async () => {
  trips = await startTrips(tripsConfigFrom(testServiceEnv()), silentLogger());
  document = await (await fetch(`${trips.url}/openapi.json`)).json();
});
afterAll(() => trips.stop());

describe('the trips endpoints imports calls', () => {
  it.each(TRIPS_ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    'when imports calls %s, then trips serves it as declared',
    (_name, endpoint) => {
      expect(openApiMismatches(endpoint, document)).toEqual([]);
    },
  );

  it('when imports calls trips, then deployables.json says so', () => {
    const deployables: { name: string; calls: string[] }[] = JSON.parse(
      readFileSync(path.resolve(__dirname, '../../../../deployables.json'), 'utf8'),
    ).deployables;
    expect(deployables.find((d) => d.name === 'imports')?.calls).toContain('trips');
  });
});
