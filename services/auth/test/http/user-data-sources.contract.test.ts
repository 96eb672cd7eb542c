// The export's calls to trips, wishlists, notifications and imports, checked against what
// they serve: the services are booted and their /openapi.json fetched; every declared endpoint (path,
// method, query, answer kind) must be in its callee's document, and deployables.json must
// list each callee among the services auth calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiMismatches, type RunningService } from '@tripcost/shared';
import { silentLogger, testServiceEnv } from '@tripcost/shared/testing';
import { configFrom as tripsConfigFrom, startTrips } from '@tripcost/trips';
import { configFrom as wishlistsConfigFrom, startWishlists } from '@tripcost/wishlists';
import { configFrom as notificationsConfigFrom, startNotifications } from '@tripcost/notifications';
import { configFrom as importsConfigFrom, startImports } from '@tripcost/imports';
import { EXPORT_ENDPOINTS } from '../../src/http/user-data-sources';

const deployables: { name: string; calls: string[] }[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../../deployables.json'), 'utf8'),
).deployables;

const running: RunningService[] = [];
const documents = new Map<string, unknown>();
beforeAll(async () => {
  const trips = await startTrips(tripsConfigFrom(testServiceEnv()), silentLogger());
  running.push(trips);
  const wishlists = await startWishlists(wishlistsConfigFrom(testServiceEnv({ TRIPS_URL: trips.url })), silentLogger());
  running.push(wishlists);
  const imports = await startImports(importsConfigFrom(testServiceEnv({ TRIPS_URL: trips.url })), silentLogger());
  running.push(imports);
  const notifications = await startNotifications(notificationsConfigFrom(testServiceEnv()), silentLogger());
  running.push(notifications);
  for (const [name, service] of [
    ['trips', trips],
    ['wishlists', wishlists],
    ['notifications', notifications],
    ['imports', imports],
  ] as const)
    documents.set(name, await (await fetch(`${service.url}/openapi.json`)).json());
});
afterAll(async () => {
  for (const service of running) await service.stop();
});

describe('the export sources against the callees’ OpenAPI documents', () => {
  it.each(EXPORT_ENDPOINTS.map((e) => [`${e.callee}: ${e.method.toUpperCase()} ${e.path}`, e] as const))(
    'when the export calls %s, then the callee serves it as declared',
    (_name, endpoint) => {
      expect(openApiMismatches(endpoint, documents.get(endpoint.callee))).toEqual([]);
    },
  );

  it('when the export calls a service, then deployables.json says auth calls it', () => {
    const callees = new Set(EXPORT_ENDPOINTS.map((e) => e.callee));
    expect(deployables.find((d) => d.name === 'auth')?.calls).toEqual(expect.arrayContaining([...callees]));
  });
});
