// The trip calls of docs/product.md §7 through the real app: create, list, favourites, read,
// update and delete.
import { newId } from '@tripcost/shared';
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

describe('trips API', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  describe('POST /api/trips/getaway-trip', () => {
    it('when a trip is created, then 201 with owner fields from the token and defaults', async () => {
      const alice = clientFor(trips.url);
      const reply = await alice.post('/api/trips/getaway-trip', {
        user_email: 'someone-else@example.test',
        user_id: newId(),
        _id: newId(),
        location_address: '  1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA  ',
        image_url: '/api/places-pics?photoreference=places%2Fabc',
        isFavorite: true,
        committedInstanceId: newId(),
        place_id: 'ChIJ-abc_1',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        _id: expect.stringMatching(/^[a-f0-9]{24}$/),
        user_id: alice.user!.id,
        user_email: alice.user!.email,
        location_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
        trip_location: 'Mountain View, CA, USA',
        place_id: 'ChIJ-abc_1',
        image_url: '/api/places-pics?photoreference=places%2Fabc',
        trip_start: null,
        trip_end: null,
        stay_expense: 0,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
        total_cost: 0,
        per_person: 0,
        travelers: 1,
        budget: null,
        budget_basis: 'trip',
        currency: 'USD',
        fx_effect: 0,
        comparison: {
          cheapestInstanceId: null,
          lowest: null,
          highest: null,
          spread: null,
          overBudgetBy: null,
          budget_measured: null,
          cheapest_is_stale: false,
          cheapestForEveryoneId: null,
        },
        origin: '',
        isFavorite: false,
        instances: [],
        committedInstanceId: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        version: 1,
        role: 'owner',
        owner_name: 'A traveller',
        // No people named yet, and a viewer without costs sees no share (issue 40).
        people: [],
        show_own_share: false,
        members: [{ user_id: alice.user!.id, name: 'A traveller', role: 'owner', joined_at: reply.body.created_at }],
        hide_costs_from_viewers: true,
        costs_hidden: false,
      });
      expect((await alice.get(`/api/trips/getaway/${reply.body._id}`)).body).toEqual(reply.body);
    });

    it('when trip_location is given, then it is kept; when absent, then derived from the address', async () => {
      const alice = clientFor(trips.url);
      expect((await alice.createTrip({ trip_location: 'Paris, Île-de-France, France' })).trip_location).toBe(
        'Paris, Île-de-France, France',
      );
      expect((await alice.createTrip({ location_address: 'Paris, France' })).trip_location).toBe('Paris, France');
      expect((await alice.createTrip({ location_address: 'Tokyo' })).trip_location).toBe('Tokyo');
      expect((await alice.createTrip({ image_url: undefined })).image_url).toBe('');
    });
  });

  describe('GET /api/trips/getaway-trip and /api/trips/favorites', () => {
    it('when listing, then only the caller’s trips by start date, undated last, each with total_cost', async () => {
      const alice = clientFor(trips.url);
      const undated = await alice.createTrip({ location_address: 'Undated, X, Y' });
      const late = await alice.createTrip();
      const early = await alice.createTrip();
      await clientFor(trips.url).createTrip();
      for (const [trip, start] of [
        [late, '2031-01-01'],
        [early, '2030-01-01'],
      ] as const) {
        const instance = await alice.addInstance(trip._id, { trip_start: start, trip_end: start });
        await alice.patch(`/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`, {});
      }
      const list = await alice.get('/api/trips/getaway-trip');
      expect(list.status).toBe(200);
      expect(list.body.map((trip: { _id: string }) => trip._id)).toEqual([early._id, late._id, undated._id]);
      expect(list.body[0]).toMatchObject({
        total_cost: 185,
        instances: [expect.objectContaining({ total_cost: 185, isCommitted: true })],
      });
    });

    it('when ?limit and ?offset are given, then that page; with none, then all (cap 500)', async () => {
      const alice = clientFor(trips.url);
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await alice.createTrip())._id);
      expect((await alice.get('/api/trips/getaway-trip')).body).toHaveLength(3);
      const page = await alice.get('/api/trips/getaway-trip?limit=1&offset=1');
      expect(page.body.map((trip: { _id: string }) => trip._id)).toEqual([made[1]]);
      for (const bad of ['limit=0', 'limit=501', 'limit=abc', 'offset=-1', 'limit=1.5']) {
        const reply = await alice.get(`/api/trips/getaway-trip?${bad}`);
        expect(reply.status).toBe(400);
        expect(typeof reply.body.msg).toBe('string');
      }
    });

    it('when ?email is the caller’s in any case, then listed; another user’s email, then 403', async () => {
      const alice = clientFor(trips.url, testUser());
      await alice.createTrip();
      const own = await alice.get(
        `/api/trips/getaway-trip?email=${encodeURIComponent(alice.user!.email.toUpperCase())}`,
      );
      expect(own.status).toBe(200);
      expect(own.body).toHaveLength(1);
      const other = await alice.get('/api/trips/getaway-trip?email=bob@example.test');
      expect(other.status).toBe(403);
      expect(other.body.msg).toBe('You can only list your own trips.');
      expect((await alice.get('/api/trips/getaway-trip?email=a&email=b')).status).toBe(400);
    });

    it('when trips are favourited, then /favorites lists just those', async () => {
      const alice = clientFor(trips.url);
      const liked = await alice.createTrip();
      await alice.createTrip();
      await alice.put(`/api/trips/getaway/${liked._id}`, { isFavorite: true });
      const favorites = await alice.get('/api/trips/favorites');
      expect(favorites.status).toBe(200);
      expect(favorites.body.map((trip: { _id: string }) => trip._id)).toEqual([liked._id]);
    });
  });

  describe('PUT /api/trips/getaway/:tripId', () => {
    it('when isFavorite is sent, then it is set and the updated trip returned', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const reply = await alice.put(`/api/trips/getaway/${trip._id}`, { isFavorite: true });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ _id: trip._id, isFavorite: true });
      expect((await alice.put(`/api/trips/getaway/${trip._id}`, { isFavorite: false })).body.isFavorite).toBe(false);
    });

    it('when the trip has no instances, then its own dates and expenses change; with instances they are ignored', async () => {
      const alice = clientFor(trips.url);
      const bare = await alice.createTrip();
      const form = {
        trip_start: '2030-02-01',
        trip_end: '2030-02-03T15:00:00Z',
        stay_expense: '10.005',
        car_expense: '',
      };
      const reply = await alice.put(`/api/trips/getaway/${bare._id}`, form);
      expect(reply.body).toMatchObject({
        trip_start: '2030-02-01T00:00:00.000Z',
        trip_end: '2030-02-03T00:00:00.000Z',
        stay_expense: 10.01,
        car_expense: 0,
        total_cost: 10.01,
      });
      const planned = await alice.createTrip();
      await alice.addInstance(planned._id);
      const ignored = await alice.put(`/api/trips/getaway/${planned._id}`, form);
      expect(ignored.status).toBe(200);
      expect(ignored.body).toMatchObject({ trip_start: null, stay_expense: 0 });
    });

    it('when instances are sent as the web client does, then listed ones change and the committed one is copied', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const untouched = await alice.addInstance(trip._id);
      const edited = await alice.addInstance(trip._id);
      const committed = (await alice.patch(`/api/trips/getaway/${trip._id}/instances/${edited._id}/commit`, {})).body;
      const instances = committed.instances.map((instance: Record<string, unknown>) =>
        instance._id === edited._id
          ? {
              ...instance,
              trip_end: '2030-03-09',
              stay_expense: 300,
              activities: ['Museum', 'Hike'],
              isCommitted: false,
            }
          : instance,
      );
      const reply = await alice.put(`/api/trips/getaway/${trip._id}`, {
        ...committed,
        _id: newId(),
        user_id: newId(),
        user_email: 'x@example.test',
        committedInstanceId: untouched._id,
        instances,
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        _id: trip._id,
        user_email: alice.user!.email,
        committedInstanceId: edited._id,
        trip_end: '2030-03-09T00:00:00.000Z',
        stay_expense: 300,
        total_cost: 385,
      });
      expect(reply.body.instances[0]).toMatchObject({
        _id: edited._id,
        isCommitted: true,
        activities: ['Museum', 'Hike'],
        total_cost: 385,
      });
      expect(reply.body.instances[1]).toEqual({ ...untouched, isCommitted: false });
    });

    it('when only some instances are listed, then the others are kept', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const first = await alice.addInstance(trip._id);
      const second = await alice.addInstance(trip._id);
      const reply = await alice.put(`/api/trips/getaway/${trip._id}`, {
        instances: [{ _id: first._id, other_expense: 1 }],
      });
      expect(reply.body.instances.map((instance: { _id: string }) => instance._id)).toEqual([second._id, first._id]);
      expect(reply.body.instances[1]).toMatchObject({ other_expense: 1, stay_expense: 100 });
    });

    it('when an instance id is unknown, missing or repeated, then 400 {msg} and nothing changes', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const instance = await alice.addInstance(trip._id);
      const unknown = newId();
      const cases: [unknown, string][] = [
        [{ instances: [{ _id: unknown }] }, `The trip has no instance ${unknown}.`],
        [{ instances: [{ stay_expense: 1 }] }, 'The instance id must be a string.'],
        [{ instances: [{ _id: instance._id }, { _id: instance._id }] }, 'Each instance may be listed once.'],
        [
          { instances: [{ _id: instance._id, trip_start: '2030-05-05', trip_end: '2030-05-01' }] },
          'The end date cannot be before the start date.',
        ],
        [{ isFavorite: 'yes' }, 'isFavorite must be true or false.'],
        [{ instances: 'all' }, 'Instances must be a list.'],
      ];
      for (const [body, msg] of cases) {
        const reply = await alice.put(`/api/trips/getaway/${trip._id}`, body);
        expect([reply.status, reply.body.msg]).toEqual([400, msg]);
      }
      expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body.instances).toEqual([instance]);
    });
  });

  describe('DELETE /api/trips/getaway/:tripId', () => {
    it('when the owner deletes a trip, then it and its instances are gone', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const instance = await alice.addInstance(trip._id);
      const reply = await alice.delete(`/api/trips/getaway/${trip._id}`);
      expect(reply).toEqual({ status: 200, body: { msg: 'Trip deleted successfully' } });
      expect((await alice.get(`/api/trips/getaway/${trip._id}`)).status).toBe(404);
      expect((await alice.get(`/api/trips/getaway/${trip._id}/instances/${instance._id}`)).status).toBe(404);
      expect((await alice.delete(`/api/trips/getaway/${trip._id}`)).status).toBe(404);
    });
  });

  it('when /openapi.json is read, then every trips route is documented', async () => {
    const doc = await (await fetch(`${trips.url}/openapi.json`)).json();
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/trips/bin',
      '/api/trips/bin/{tripId}/restore',
      '/api/trips/calendar.ics',
      '/api/trips/favorites',
      '/api/trips/getaway-trip',
      '/api/trips/getaway/{tripId}',
      '/api/trips/getaway/{tripId}/balances',
      '/api/trips/getaway/{tripId}/balances.csv',
      '/api/trips/getaway/{tripId}/bin',
      '/api/trips/getaway/{tripId}/bin/{binId}/restore',
      '/api/trips/getaway/{tripId}/comparison.csv',
      '/api/trips/getaway/{tripId}/events',
      '/api/trips/getaway/{tripId}/history',
      '/api/trips/getaway/{tripId}/history/{entryId}/undo',
      '/api/trips/getaway/{tripId}/instances',
      '/api/trips/getaway/{tripId}/instances/{instanceId}',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/commit',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/duplicate',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/flex',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/items',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}/checked',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/reprice',
      '/api/trips/getaway/{tripId}/instances/{instanceId}/vote',
      '/api/trips/getaway/{tripId}/invites',
      '/api/trips/getaway/{tripId}/invites/{inviteId}',
      '/api/trips/getaway/{tripId}/items/batch',
      '/api/trips/getaway/{tripId}/members/me',
      '/api/trips/getaway/{tripId}/members/me/limit',
      '/api/trips/getaway/{tripId}/members/{userId}',
      '/api/trips/getaway/{tripId}/payments',
      '/api/trips/getaway/{tripId}/payments/{paymentId}',
      '/api/trips/getaway/{tripId}/reprice',
      '/api/trips/invites/{token}',
      '/api/trips/invites/{token}/accept',
      '/api/trips/payments',
    ]);
  });
});
