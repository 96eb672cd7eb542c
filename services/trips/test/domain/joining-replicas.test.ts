// Joins from four replicas of the trips service over one store: in each process joins
// are queued per trip, so they collide only with the other replica's writes, and the
// compare-and-swap retries them until they land; nobody accepting a link is told
// their join "collided" (409 conflict), only that the trip is full.
import { tempDataDir, testUser } from '@tripcost/shared/testing';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { createTripsService } from '../../src/windows/domain/trips-service';
import { MAX_MEMBERS } from '../../src/sharing';
import type { TripStore } from '../../src/trip';

let store: TripStore;
beforeEach(async () => {
  store = await openEmbeddedTripStore(tempDataDir());
});
afterEach(() => store.close());

const REPLICAS = 4;

/** `count` people accept one editor link at once, each through the next of four replicas in turn. */
async function acceptAtOnceOnReplicas(count: number) {
  const replicas = Array.from({ length: REPLICAS }, () => createTripsService({ store }));
  const one = replicas[0];
  const owner = testUser({ name: 'Ada' });
  const trip = await one.createTrip(owner, { location_address: 'Porto, Portugal' });
  const { token } = await one.createInvite(owner, trip._id, 'editor');
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      replicas[index % REPLICAS].acceptInvite(testUser({ name: `Guest ${index}` }), token),
    ),
  );
  const stored = (await store.findById(trip._id))!;
  return {
    joined: outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.joined).length,
    refusals: outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [{ status: outcome.reason.status, code: outcome.reason.code }] : [],
    ),
    members: stored.members?.length,
  };
}

it('when 15 people accept one link at once through four replicas, then all 15 join', async () => {
  expect(await acceptAtOnceOnReplicas(15)).toEqual({ joined: 15, refusals: [], members: 16 });
});

it('when 24 people accept one link at once through four replicas, then 19 join and 5 hear the trip is full', async () => {
  expect(await acceptAtOnceOnReplicas(24)).toEqual({
    joined: MAX_MEMBERS - 1,
    refusals: Array(5).fill({ status: 409, code: 'trip_full' }),
    members: MAX_MEMBERS,
  });
});
