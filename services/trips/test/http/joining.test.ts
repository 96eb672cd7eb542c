// People accepting one invitation link at the same moment (a link posted in a group
// chat): joining is queued per trip like every other change, so everyone joins until
// the trip is full, and nobody is told their join "collided".
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Reply } from '../support/boot';

const MAX_MEMBERS = 20;

describe('joining a trip by link, many at once', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  /** A trip and an open editor link to it. */
  async function tripWithLink() {
    const owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    const trip = await owner.createTrip();
    const invite = await owner.post(`/api/trips/getaway/${trip._id}/invites`, { role: 'editor' });
    expect(invite.status).toBe(201);
    return { owner, tripId: trip._id as string, token: invite.body.token as string };
  }

  /** `count` different people accept the link at once. */
  const acceptAtOnce = (token: string, count: number): Promise<Reply[]> =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        clientFor(trips.url, testUser({ name: `Guest ${index}` })).post(`/api/trips/invites/${token}/accept`),
      ),
    );

  it('when 15 people accept one link at the same moment, then all 15 join and the trip lists them', async () => {
    const { owner, tripId, token } = await tripWithLink();
    const replies = await acceptAtOnce(token, 15);
    expect(replies.map((reply) => [reply.status, reply.body.joined])).toEqual(Array(15).fill([200, true]));
    const trip = (await owner.get(`/api/trips/getaway/${tripId}`)).body;
    expect(trip.members).toHaveLength(16);
  });

  it('when 24 people accept one link at the same moment, then 19 join (20 with the owner) and 5 hear the trip is full', async () => {
    const { owner, tripId, token } = await tripWithLink();
    const replies = await acceptAtOnce(token, 24);
    const joined = replies.filter((reply) => reply.status === 200 && reply.body.joined === true);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(joined).toHaveLength(MAX_MEMBERS - 1);
    expect(refused.map((reply) => [reply.status, reply.body])).toEqual(
      Array(5).fill([409, { msg: `A trip has at most ${MAX_MEMBERS} members.`, code: 'trip_full' }]),
    );
    const trip = (await owner.get(`/api/trips/getaway/${tripId}`)).body;
    expect(trip.members).toHaveLength(MAX_MEMBERS);
  });
});
