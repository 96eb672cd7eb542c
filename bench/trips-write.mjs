// Trips write path: POST /api/trips/getaway/:tripId/instances, round-robin over 500
// trips of one user (each holds at most 100 instances), direct to the service,
// embedded store.
// Run: npx tsc -b services/trips && node bench/trips-write.mjs   (needs Redis at REDIS_URL)
import { bench, inParallel, report, startTripsService } from './trips-support.mjs';

const TRIPS = 500;

const service = await startTripsService();
try {
  const trips = await inParallel(Array.from({ length: TRIPS }), 10, (_, i) =>
    service.call('POST', '/api/trips/getaway-trip', { location_address: `City ${i}, State, Country` }),
  );
  let next = 0;
  const body = JSON.stringify({
    trip_start: '2030-05-01',
    trip_end: '2030-05-08',
    stay_expense: 700,
    travel_expense: 300.5,
    car_expense: 120,
    other_expense: 80,
  });
  for (const [target, base] of [
    ['direct', service.url],
    ['through the gateway', service.gatewayUrl],
  ]) {
    report(
      `instance creation (round-robin over 500 trips), ${target}`,
      await bench({
        url: base,
        headers: { authorization: service.token, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            body,
            setupRequest: (request) => ({
              ...request,
              path: `/api/trips/getaway/${trips[next++ % TRIPS]._id}/instances`,
            }),
          },
        ],
      }),
    );
  }
} finally {
  await service.stop();
}
