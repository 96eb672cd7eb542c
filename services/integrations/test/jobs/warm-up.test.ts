import { Queue } from 'bullmq';
import {
  bullConnectionOptions,
  createEventPublisher,
  inboxQueueName,
  newId,
  type EventPublisher,
  type TripSnapshot,
} from '@tripcost/shared';
import { eventually, silentLogger, testQueuePrefix, testRedisUrl, testUser, tokenFor } from '@tripcost/shared/testing';
import type { RunningIntegrations } from '../../src';
import {
  authHeader,
  bootIntegrations,
  guardAgainstInternet,
  startFakeUpstream,
  type FakeUpstream,
  type RecordedCall,
} from '../support';

guardAgainstInternet();

const PHOTO_REFERENCE = 'places/ChIJwarm/photos/AXwarm_1';

function providerAnswers(call: RecordedCall) {
  switch (call.path) {
    case '/v1/search':
      return { json: { results: [{ name: 'Lisbon', latitude: 38.72, longitude: -9.13, country_code: 'PT' }] } };
    case '/v1/forecast':
      return { json: { current: { temperature_2m: 20, weather_code: 0 } } };
    case `/v1/${PHOTO_REFERENCE}/media`:
      return { body: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), contentType: 'image/jpeg' };
    case '/v1/chat/completions':
      return { json: { choices: [{ message: { content: 'Belém Tower\nAlfama' } }] } };
    default:
      return { status: 404, json: {} };
  }
}

describe('warm-up on trip.created', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  let publisher: EventPublisher;
  let inbox: Queue;
  const prefix = testQueuePrefix();
  const user = testUser();

  beforeAll(async () => {
    fake = await startFakeUpstream(providerAnswers);
    service = await bootIntegrations({
      env: {
        QUEUE_PREFIX: prefix,
        WARM_UP_ENABLED: 'true',
        OPEN_METEO_GEOCODING_BASE_URL: fake.url,
        OPEN_METEO_BASE_URL: fake.url,
        GOOGLE_MAPS_API_KEY: 'gmaps-test',
        GOOGLE_PLACES_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
      },
    });
    publisher = createEventPublisher(testRedisUrl(), silentLogger(), prefix);
    inbox = new Queue(inboxQueueName('integrations'), { connection: bullConnectionOptions(testRedisUrl()), prefix });
  });
  afterAll(async () => {
    await service.stop();
    await publisher.close();
    await inbox.obliterate({ force: true });
    await inbox.close();
    await fake.close();
  });

  const trip = (location: string, imageUrl: string): TripSnapshot => ({
    _id: newId(),
    user_id: user.id,
    user_email: user.email,
    location_address: location,
    trip_location: location,
    image_url: imageUrl,
    trip_start: null,
    trip_end: null,
    total_cost: 0,
    isFavorite: false,
  });

  const jobState = async (eventId: string) => (await inbox.getJob(eventId))?.getState();

  it('when a trip is created, then weather, photo and suggestions are cached before anyone asks', async () => {
    const imageUrl = `http://localhost:8080/api/places-pics?photoreference=${encodeURIComponent(PHOTO_REFERENCE)}`;
    const event = await publisher.publish('trip.created', { trip: trip('Lisbon, Portugal', imageUrl) });
    await eventually(async () => (await jobState(event.id)) === 'completed');
    await service.cacheSettled(); // the job completes before its cache writes finish
    expect(fake.count('/v1/forecast')).toBe(1);
    expect(fake.count(`/v1/${PHOTO_REFERENCE}`)).toBe(1);
    expect(fake.count('/v1/chat/completions')).toBe(1);
    const warmed = fake.calls.length;

    const token = tokenFor(user);
    const weather = await fetch(`${service.url}/api/weather?city=Lisbon&country=Portugal&units=metric`, {
      headers: authHeader(token),
    });
    expect((await weather.json()).weather[0].description).toBe('clear sky');
    expect((await fetch(`${service.url}/api/places-pics?photoreference=${PHOTO_REFERENCE}`)).status).toBe(200);
    const suggestions = await fetch(`${service.url}/api/chatgpt/fun-places`, {
      method: 'POST',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Lisbon, Portugal' }),
    });
    expect(await suggestions.json()).toEqual({ funPlaces: 'Belém Tower\nAlfama' });
    expect(fake.calls.length).toBe(warmed);
  });

  it('when providers answer 4xx or the trip has no usable photo, then the job still completes', async () => {
    const before = fake.calls.length;
    const event = await publisher.publish('trip.created', {
      trip: trip(
        'Atlantis, Ocean',
        'http://localhost:8080/api/places-pics?photoreference=places%2Fnope%2Fphotos%2Fgone',
      ),
    });
    await eventually(async () => (await jobState(event.id)) === 'completed');
    expect(fake.calls.length).toBeGreaterThan(before); // it did try
    const other = await publisher.publish('trip.created', { trip: trip('', 'https://example.test/not-ours.jpg') });
    await eventually(async () => (await jobState(other.id)) === 'completed');
  });
});
