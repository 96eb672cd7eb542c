// Who may call what: every route refuses an anonymous caller (401), another user
// (403 on their existing trip) and answers 404 for a trip that does not exist;
// bad input anywhere is a 400 {msg}, never a 500.
import { newId } from '@tripcost/shared';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

type Call = [method: string, path: string, body?: unknown];

describe('trips API access and input', () => {
  let trips: BootedTrips;
  let alice: Client;
  let tripId: string;
  let instanceId: string;

  beforeAll(async () => {
    trips = await bootTrips();
    alice = clientFor(trips.url);
    tripId = (await alice.createTrip())._id;
    instanceId = (await alice.addInstance(tripId))._id;
  });
  afterAll(() => trips.stop());

  const tripRoutes = (trip: string, instance: string): Call[] => [
    ['GET', `/api/trips/getaway/${trip}`],
    ['PUT', `/api/trips/getaway/${trip}`, { isFavorite: true }],
    ['POST', `/api/trips/getaway/${trip}/instances`, {}],
    ['GET', `/api/trips/getaway/${trip}/instances/${instance}`],
    ['GET', `/api/trips/getaway/${trip}/comparison.csv`],
    ['GET', `/api/trips/getaway/${trip}/history`],
    ['PATCH', `/api/trips/getaway/${trip}/instances/${instance}/commit`, {}],
    ['POST', `/api/trips/getaway/${trip}/instances/${instance}/reprice`],
    ['POST', `/api/trips/getaway/${trip}/reprice`],
    ['PUT', `/api/trips/getaway/${trip}`, { currency: 'EUR' }],
    ['DELETE', `/api/trips/getaway/${trip}/instances/${instance}`],
    ['DELETE', `/api/trips/getaway/${trip}`],
  ];
  const send = (client: Client, [method, path, body]: Call) =>
    client.raw(method, path, body === undefined ? undefined : JSON.stringify(body));

  it('when no token is sent, then every route is 401 {msg}', async () => {
    const anonymous = clientFor(trips.url, null);
    const calls: Call[] = [
      ['GET', '/api/trips/getaway-trip'],
      ['POST', '/api/trips/getaway-trip', { location_address: 'X' }],
      ['GET', '/api/trips/favorites'],
      ['GET', '/api/trips/calendar.ics'],
      ...tripRoutes(tripId, instanceId),
    ];
    for (const call of calls) {
      const reply = await send(anonymous, call);
      expect([call, reply.status, typeof reply.body.msg]).toEqual([call, 401, 'string']);
    }
  });

  it('when another user calls any route on the trip, then 403 {msg} and the trip is unchanged', async () => {
    const before = (await alice.get(`/api/trips/getaway/${tripId}`)).body;
    const bob = clientFor(trips.url);
    for (const call of tripRoutes(tripId, instanceId)) {
      const reply = await send(bob, call);
      expect([call, reply.status, reply.body.msg]).toEqual([call, 403, 'You do not have access to this trip.']);
    }
    expect((await alice.get(`/api/trips/getaway/${tripId}`)).body).toEqual(before);
    expect((await bob.get('/api/trips/getaway-trip')).body).toEqual([]);
    expect((await bob.get('/api/trips/favorites')).body).toEqual([]);
  });

  it('when the trip does not exist, then every route is 404 {msg}', async () => {
    for (const call of tripRoutes(newId(), newId())) {
      const reply = await send(alice, call);
      expect([call, reply.status, reply.body.msg]).toEqual([call, 404, 'Trip not found.']);
    }
  });

  it('when an id is malformed or an operator object, then 400 {msg}', async () => {
    for (const [trip, instance] of [
      ['nope', instanceId],
      [tripId, 'nope'],
      ['%7B%22%24gt%22%3A%22%22%7D', instanceId],
      [`${tripId}0`, instanceId],
    ]) {
      for (const call of tripRoutes(trip, instance)) {
        if (trip === tripId && !call[1].includes('/instances/')) continue;
        const reply = await send(alice, call);
        expect([call, reply.status, typeof reply.body.msg]).toEqual([call, 400, 'string']);
      }
    }
  });

  describe('field validation', () => {
    const longText = 'x'.repeat(201);
    const createTripCases: [unknown, string][] = [
      [{}, 'The location address is required.'],
      [{ location_address: '   ' }, 'The location address is required.'],
      [{ location_address: longText }, 'The location address must be at most 200 characters.'],
      [{ location_address: { $gt: '' } }, 'The location address is required.'],
      [{ location_address: 42 }, 'The location address is required.'],
      [{ location_address: 'A', trip_location: longText }, 'The trip location must be at most 200 characters.'],
      [{ location_address: 'A', trip_location: ['x'] }, 'The trip location must be a string.'],
      [{ location_address: 'A', place_id: 'a b' }, 'The place id may contain only letters, digits, :, - and _.'],
      [{ location_address: 'A', place_id: { $ne: null } }, 'The place id must be a string.'],
      ...[
        'javascript:alert(1)',
        'http://evil.example/a.jpg',
        '//evil.example/a.jpg',
        '/\\evil.example',
        'ftp://x/y',
        'not a url',
      ].map((url): [unknown, string] => [
        { location_address: 'A', image_url: url },
        'The image URL must be a relative path or an https URL.',
      ]),
      [
        { location_address: 'A', image_url: `https://x.example/${'a'.repeat(2048)}` },
        'The image URL must be at most 2048 characters.',
      ],
      [{ location_address: 'A', image_url: 7 }, 'The image URL must be a string.'],
    ];

    it.each(createTripCases)('when a trip is created with bad input #%#, then 400 %j', async (body, msg) => {
      const reply = await alice.post('/api/trips/getaway-trip', body);
      expect([reply.status, reply.body.msg]).toEqual([400, msg]);
    });

    it.each([
      '/api/places-pics?photoreference=places%2Fx%2Fphotos%2Fy',
      '/placeholder-trip.svg',
      'https://images.example/a.jpg',
    ])('when the image URL is %s, then it is accepted', async (url) => {
      expect((await alice.createTrip({ image_url: url })).image_url).toBe(url);
    });

    const instanceCases: [unknown, string][] = [
      [{ trip_start: '2030-02-30' }, 'The start date must be a date like 2025-01-05.'],
      [{ trip_start: 'tomorrow' }, 'The start date must be a date like 2025-01-05.'],
      [{ trip_end: 20300101 }, 'The end date must be a date like 2025-01-05.'],
      [{ trip_start: '2030-05-05', trip_end: '2030-05-04' }, 'The end date cannot be before the start date.'],
      [{ stay_expense: -1 }, 'The stay expense must be a number from 0 to 1,000,000,000.'],
      [{ travel_expense: 1_000_000_001 }, 'The travel expense must be a number from 0 to 1,000,000,000.'],
      [{ car_expense: 'ten' }, 'The car expense must be a number from 0 to 1,000,000,000.'],
      [{ other_expense: { $gt: 0 } }, 'The other expense must be a number from 0 to 1,000,000,000.'],
      [{ other_expense: 'Infinity' }, 'The other expense must be a number from 0 to 1,000,000,000.'],
      [{ activities: 'hike' }, 'Activities must be a list of strings.'],
      [{ activities: [1] }, 'Each activity must be a string.'],
      [{ activities: ['x'.repeat(201)] }, 'Each activity must be at most 200 characters.'],
      [{ activities: Array.from({ length: 51 }, () => 'a') }, 'A trip instance can have at most 50 activities.'],
    ];

    it.each(instanceCases)('when an instance is created with %j, then 400 %j', async (body, msg) => {
      const reply = await alice.post(`/api/trips/getaway/${tripId}/instances`, body);
      expect([reply.status, reply.body.msg]).toEqual([400, msg]);
    });

    it('when an instance edit or the trip fields are invalid, then 400 with the same messages', async () => {
      for (const [body, msg] of instanceCases) {
        const edit = await alice.put(`/api/trips/getaway/${tripId}`, {
          instances: [{ _id: instanceId, ...(body as object) }],
        });
        // An edit's zod-default messages name the path inside the list.
        expect([body, edit.status, edit.body.msg]).toEqual([
          body,
          400,
          msg.replace('Invalid ', 'Invalid instances.0.'),
        ]);
        if ('activities' in (body as object)) continue;
        const own = await alice.put(`/api/trips/getaway/${tripId}`, body);
        expect([body, own.status, own.body.msg]).toEqual([body, 400, msg]);
      }
    });

    it('when the body is not JSON or not an object, then 400 {msg}', async () => {
      for (const raw of ['{"location_address":', '[]', '"text"', 'null']) {
        const reply = await alice.raw('POST', '/api/trips/getaway-trip', raw);
        expect([raw, reply.status, typeof reply.body.msg]).toEqual([raw, 400, 'string']);
      }
    });
  });
});
