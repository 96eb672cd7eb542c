// Request bodies are JSON, through the gateway too: it streams bodies to the services
// without reading them, so the service's 415 for another type reaches the traveller as
// JSON {msg}, nothing is saved, and the gateway's pooled connection stays usable.
import { testUser, tokenFor } from '@tripcost/shared/testing';
import { startTripsBehindGateway, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(60_000);

let gw: TripsBehindGateway;
beforeAll(async () => {
  gw = await startTripsBehindGateway();
});
afterAll(() => gw.stop());

it('when a body is text, a form or chunked text, then 415 {msg} through the gateway and the trip is unchanged; an empty one is {}', async () => {
  const user = testUser();
  const owner = gw.as(user);
  const trip = (await owner('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' })).body;
  const path = `/api/trips/getaway/${trip._id}`;
  const token = tokenFor(user);
  const raw = async (method: string, to: string, contentType: string, body: BodyInit) => {
    const res = await fetch(`${gw.url}${to}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: res.status, body: await res.json() };
  };
  const refused = {
    status: 415,
    body: {
      msg: 'Send the request body as JSON, with Content-Type: application/json.',
      code: 'unsupported_media_type',
    },
  };
  const chunked = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"travelers":4}'));
      controller.close();
    },
  });
  expect(await raw('PUT', path, 'text/plain', '{"travelers":3}')).toEqual(refused);
  expect(await raw('PUT', path, 'text/plain', chunked)).toEqual(refused);
  expect(
    await raw('POST', '/api/trips/getaway-trip', 'application/x-www-form-urlencoded', 'location_address=Rome'),
  ).toEqual(refused);
  const empty = await raw('PUT', path, 'text/plain', '');
  expect([empty.status, empty.body.version, empty.body.travelers]).toEqual([200, 1, 1]);
  const list = (await owner('GET', '/api/trips/getaway-trip')).body;
  expect(list.map((listed: { _id: string; travelers: number }) => [listed._id, listed.travelers])).toEqual([
    [trip._id, 1],
  ]);
  // The same pooled connections carry the next JSON change as usual.
  const saved = await owner('PUT', path, { travelers: 3 });
  expect([saved.status, saved.body.travelers, saved.body.version]).toEqual([200, 3, 2]);
});
