// The seed-shaped client scenario, called exactly as the web client (docs/product.md §7) does:
// raw token, the create body it sends, the instance list it PUTs back.
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

describe('trips scenario as the web client plays it', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  it('when a user plans a trip end to end, then every step answers as the client expects', async () => {
    const user = clientFor(trips.url);
    const created = await user.post('/api/trips/getaway-trip', {
      user_email: user.user!.email,
      location_address: 'Lisbon, Portugal',
      image_url: '/api/places-pics?photoreference=places%2Flisbon',
      isFavorite: false,
      trip_location: 'Lisbon, Portugal',
      place_id: 'ChIJO_PkYRozGQ0R0DaQ5L3rAAQ',
    });
    expect(created.status).toBe(201);
    const tripId = created.body._id;

    const instanceBody = (start: string, end: string, stay: number) => ({
      trip_start: new Date(start).toISOString(),
      trip_end: new Date(end).toISOString(),
      stay_expense: stay,
      travel_expense: 300,
      car_expense: 0,
      other_expense: 45.5,
    });
    const june = (
      await user.post(`/api/trips/getaway/${tripId}/instances`, instanceBody('2030-06-01', '2030-06-07', 700))
    ).body;
    const sept = (
      await user.post(`/api/trips/getaway/${tripId}/instances`, instanceBody('2030-09-10', '2030-09-15', 500))
    ).body;
    const overview = (await user.get(`/api/trips/getaway/${tripId}`)).body;
    expect(overview.instances.map((instance: { _id: string }) => instance._id)).toEqual([sept._id, june._id]);

    const first = await user.patch(`/api/trips/getaway/${tripId}/instances/${june._id}/commit`, {});
    expect(first.body).toMatchObject({
      committedInstanceId: june._id,
      total_cost: 1045.5,
      trip_start: '2030-06-01T00:00:00.000Z',
    });
    const second = await user.patch(`/api/trips/getaway/${tripId}/instances/${sept._id}/commit`, {});
    expect(second.body).toMatchObject({
      committedInstanceId: sept._id,
      total_cost: 845.5,
      trip_end: '2030-09-15T00:00:00.000Z',
    });
    expect(second.body.instances.map((instance: { isCommitted: boolean }) => instance.isCommitted)).toEqual([
      true,
      false,
    ]);

    const read = await user.get(`/api/trips/getaway/${tripId}/instances/${sept._id}`);
    expect(read.status).toBe(200);
    expect(read.body.instance).toMatchObject({ _id: sept._id, isCommitted: true, total_cost: 845.5 });
    expect(read.body.trip.location_address).toBe('Lisbon, Portugal');

    const edited = { ...read.body.instance, stay_expense: 550, activities: ['Tram 28'] };
    const saved = await user.put(`/api/trips/getaway/${tripId}`, {
      instances: read.body.trip.instances.map((instance: { _id: string }) =>
        instance._id === sept._id ? edited : instance,
      ),
    });
    expect(saved.body).toMatchObject({ stay_expense: 550, total_cost: 895.5 });

    const favourite = await user.put(`/api/trips/getaway/${tripId}`, { isFavorite: true });
    expect(favourite.body.isFavorite).toBe(true);
    expect((await user.get('/api/trips/favorites')).body.map((trip: { _id: string }) => trip._id)).toEqual([tripId]);

    const removed = await user.delete(`/api/trips/getaway/${tripId}/instances/${sept._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.trip).toMatchObject({ committedInstanceId: null, trip_start: null, total_cost: 0 });
    expect(removed.body.trip.instances.map((instance: { _id: string }) => instance._id)).toEqual([june._id]);

    const deleted = await user.delete(`/api/trips/getaway/${tripId}`);
    expect(deleted.body.msg).toBe('Trip deleted successfully');
    expect((await user.get('/api/trips/getaway-trip')).body).toEqual([]);
  });
});
