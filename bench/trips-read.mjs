// Trips read path: GET /api/trips/getaway-trip for a user with 200 trips of 5
// instances each (the whole list in one answer, ~400 kB JSON), direct to the
// service and through the gateway, embedded store.
// Run: npx tsc -b services/trips && node bench/trips-read.mjs   (needs Redis at REDIS_URL)
import { bench, inParallel, report, startTripsService } from './trips-support.mjs';

const TRIPS = 200;
const INSTANCES = 5;

const service = await startTripsService();
try {
  const trips = await inParallel(Array.from({ length: TRIPS }), 10, (_, i) =>
    service.call('POST', '/api/trips/getaway-trip', {
      location_address: `City ${i}, State, Country`,
      image_url: '/api/places-pics?photoreference=places%2Fabc%2Fphotos%2Fdef',
    }),
  );
  await inParallel(trips, 10, async (trip, i) => {
    let last;
    for (let n = 0; n < INSTANCES; n++) {
      const day = String(1 + ((i + n) % 28)).padStart(2, '0');
      last = await service.call('POST', `/api/trips/getaway/${trip._id}/instances`, {
        trip_start: `2030-0${1 + (n % 9)}-${day}`,
        trip_end: `2030-0${1 + (n % 9)}-${day}`,
        stay_expense: 100 + n,
        travel_expense: 50,
        car_expense: 25,
        other_expense: 10,
        activities: ['Museum', 'Dinner'],
      });
    }
    await service.call('PATCH', `/api/trips/getaway/${trip._id}/instances/${last._id}/commit`, {});
  });
  const sample = await service.call('GET', '/api/trips/getaway-trip');
  process.stdout.write(`seeded ${sample.length} trips, ${JSON.stringify(sample).length} bytes per list\n`);
  for (const [target, base] of [
    ['direct', service.url],
    ['through the gateway', service.gatewayUrl],
  ]) {
    report(
      `trips list (200 trips x 5 instances), ${target}`,
      await bench({
        url: `${base}/api/trips/getaway-trip`,
        headers: { authorization: service.token },
      }),
    );
  }
} finally {
  await service.stop();
}
