// Members' private limits (issue 40): only the member sees theirs; a window works for
// everyone only when every limited member's share is within their limit, said without
// saying anyone's; a limit never reaches anyone else's answer, the history, the trips
// list (the account export's source) or a live event.
import { eventually, testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';
import { holdStream } from '../support/streams';

describe('private limits', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  /** Ada (owner) and Bo (an editor) on a EUR trip of one €300 window, both people, both voting yes. */
  async function twoOfUs() {
    const ada = clientFor(trips.url, testUser({ name: 'Ada' }));
    const bo: Client = clientFor(trips.url, testUser({ name: 'Bo' }));
    const trip = await ada.createTrip({ currency: 'EUR' });
    const invite = await ada.post(`/api/trips/getaway/${trip._id}/invites`, { role: 'editor' });
    expect((await bo.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
    const window = await ada.addInstance(trip._id, {
      stay_expense: 200,
      travel_expense: 100,
      car_expense: 0,
      other_expense: 0,
    });
    const people = [
      { name: 'Ada', user_id: ada.user!.id },
      { name: 'Bo', user_id: bo.user!.id },
    ];
    expect((await ada.put(`/api/trips/getaway/${trip._id}`, { people })).status).toBe(200);
    for (const voter of [ada, bo]) {
      const voted = await voter.put(`/api/trips/getaway/${trip._id}/instances/${window._id}/vote`, { vote: 'yes' });
      expect(voted.status).toBe(200);
    }
    return { ada, bo, tripId: trip._id as string, windowId: window._id as string };
  }

  const limitPath = (tripId: string) => `/api/trips/getaway/${tripId}/members/me/limit`;
  const windowOf = async (caller: Client, tripId: string) => (await caller.get(`/api/trips/getaway/${tripId}`)).body;

  it('when a member sets a limit below their share, then only they see it and the window no longer works for everyone', async () => {
    const { ada, bo, tripId } = await twoOfUs();
    expect((await windowOf(ada, tripId)).instances[0].works_for_everyone).toBe(true);
    expect((await windowOf(ada, tripId)).instances[0].within_limits).toBeUndefined();
    expect((await windowOf(bo, tripId)).my_limit).toBeNull();

    const set = await bo.put(limitPath(tripId), { max: 120 });
    expect(set.status).toBe(200);
    expect(set.body.my_limit).toBe(120);

    const bos = await windowOf(bo, tripId);
    expect(bos.my_limit).toBe(120);
    expect(bos.instances[0].my_share).toBe(150);
    expect(bos.instances[0].works_for_everyone).toBe(false);
    const adas = await windowOf(ada, tripId);
    // Ada sees that it is not within everyone's limit, never whose or how much: her own limit (none), not Bo's.
    expect(adas.instances[0].works_for_everyone).toBe(false);
    expect(adas.instances[0].within_limits).toBe(false);
    expect(adas.my_limit).toBeNull();
    expect(JSON.stringify(adas)).not.toContain('120');
    expect(adas.comparison.cheapestForEveryoneId).toBeNull();

    // Within the limit again: it works for everyone.
    expect((await bo.put(limitPath(tripId), { max: 150 })).status).toBe(200);
    expect((await windowOf(ada, tripId)).instances[0]).toMatchObject({ works_for_everyone: true, within_limits: true });
    expect((await bo.put(limitPath(tripId), { max: null })).body.my_limit).toBeNull();
    expect((await windowOf(bo, tripId)).my_limit).toBeNull();
  });

  it('when a limit is set, then it is in no history entry, no trips list and no live event', async () => {
    const { ada, bo, tripId } = await twoOfUs();
    const stream = await holdStream(`${trips.url}/api/trips/getaway/${tripId}/events`, ada.token!);
    try {
      const before = (await ada.get(`/api/trips/getaway/${tripId}/history`)).body.entries.length;
      expect((await bo.put(limitPath(tripId), { max: 987.65 })).status).toBe(200);
      const history = await ada.get(`/api/trips/getaway/${tripId}/history`);
      expect(history.body.entries).toHaveLength(before);
      expect(JSON.stringify((await bo.get(`/api/trips/getaway/${tripId}/history`)).body)).not.toContain('987.65');
      for (const caller of [ada, bo]) {
        const list = await caller.get('/api/trips/getaway-trip');
        expect(list.status).toBe(200);
        expect(JSON.stringify(list.body)).not.toContain('987.65');
        expect(JSON.stringify(list.body)).not.toContain('my_limit');
      }
      // A change anyone sees is announced; the limit before it was not.
      expect((await ada.put(`/api/trips/getaway/${tripId}`, { budget: 900 })).status).toBe(200);
      await eventually(() => stream.text().includes('actor_name'), { what: 'the budget change to be announced' });
      const events = stream.text();
      // The only change announced is the budget's (the limit came first and would have arrived first).
      expect(events.match(/actor_name/g)).toHaveLength(1);
      expect(events).not.toContain('"what":"limit"');
      expect(events).not.toContain('987.65');
    } finally {
      stream.close();
    }
  });

  it('when the caller is no member, none of the people, or sends a bad max, then 403, 403 and 400 {msg}', async () => {
    const { ada, tripId } = await twoOfUs();
    const stranger = clientFor(trips.url, testUser({ name: 'Zed' }));
    expect((await stranger.put(limitPath(tripId), { max: 10 })).status).toBe(403);
    const cy = clientFor(trips.url, testUser({ name: 'Cy' }));
    const invite = await ada.post(`/api/trips/getaway/${tripId}/invites`, { role: 'viewer' });
    expect((await cy.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
    const notAPerson = await cy.put(limitPath(tripId), { max: 10 });
    expect([notAPerson.status, notAPerson.body.msg]).toEqual([
      403,
      'Only a member who is one of the trip’s people has a share to limit.',
    ]);
    for (const max of [-1, 'ten', 2_000_000_000]) {
      const bad = await ada.put(limitPath(tripId), { max });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/max must be/);
    }
    expect((await ada.put(limitPath(tripId), {})).status).toBe(400);
  });
});
