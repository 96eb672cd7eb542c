import { testUser, tokenFor } from '@tripcost/shared/testing';
import { PHOTO_CACHE_CONTROL, type RunningIntegrations } from '../../src';
import {
  authHeader,
  bootIntegrations,
  guardAgainstInternet,
  startFakeUpstream,
  type FakeUpstream,
  type RecordedCall,
  SLOWER_THAN_TIMEOUT_MS,
} from '../support';

guardAgainstInternet();

const token = tokenFor(testUser());
const get = (service: RunningIntegrations, path: string, headers: Record<string, string> = authHeader(token)) =>
  fetch(`${service.url}${path}`, { headers });

describe('places without a Google key (offline city index)', () => {
  let service: RunningIntegrations;
  beforeAll(async () => {
    service = await bootIntegrations();
  });
  afterAll(() => service.stop());

  const autocomplete = async (input: string, limit = 5) => {
    const res = await get(service, `/api/places/autocomplete?input=${encodeURIComponent(input)}&limit=${limit}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Array<{
      place_id: string;
      description: string;
      main_text: string;
      secondary_text: string;
    }>;
  };

  it('when searching "Lisbon", then Lisbon, Portugal comes first with an offline id', async () => {
    const [first] = await autocomplete('Lisbon');
    expect(first).toEqual({
      place_id: 'offline:2267057',
      description: 'Lisbon, Portugal',
      main_text: 'Lisbon',
      secondary_text: 'Portugal',
    });
  });

  it('when searching without accents or capitals, then São Paulo from "sao p" and Zürich from "zur"', async () => {
    expect((await autocomplete('sao p'))[0]!.description).toBe('São Paulo, Brazil');
    expect((await autocomplete('zur'))[0]!.description).toBe('Zürich, Switzerland');
    expect((await autocomplete('ZÜR'))[0]!.description).toBe('Zürich, Switzerland');
  });

  it('when a whole city name is typed, then that city comes before bigger ones that only start with it', async () => {
    const porto = await autocomplete('Porto', 5);
    expect(porto[0]!.description).toBe('Porto, Portugal');
    expect(porto.map((place) => place.description)).toContain('Porto Alegre, Brazil');
    // Three letters are most often the start of a bigger name: no exact-name jump.
    expect((await autocomplete('san', 3)).map((place) => place.description)).not.toContain('San, Mali');
  });

  it('when a US city matches, then its state code is shown and bigger cities rank first', async () => {
    const springfields = await autocomplete('springfield', 3);
    expect(springfields).toHaveLength(3);
    expect(springfields[0]!.description).toMatch(/^Springfield, [A-Z]{2}, United States$/);
    const paris = await autocomplete('Paris, France', 5);
    expect(paris.map((place) => place.description)).toEqual(['Paris, France']);
  });

  it('when the limit is given, then at most that many; blank input gives an empty list', async () => {
    expect(await autocomplete('s', 10)).toHaveLength(10);
    expect(await autocomplete('s', 1)).toHaveLength(1);
    expect(await autocomplete('   ')).toEqual([]);
    expect(await autocomplete('qqqqxz')).toEqual([]);
  });

  it.each([
    ['limit=0', 'input=lis&limit=0'],
    ['limit=11', 'input=lis&limit=11'],
    ['limit=abc', 'input=lis&limit=abc'],
    ['limit=0x2', 'input=lis&limit=0x2'],
    ['limit=1e1', 'input=lis&limit=1e1'],
    ['limit=2.0', 'input=lis&limit=2.0'],
    ['limit=" 3"', 'input=lis&limit=%203'],
    ['limit twice', 'input=lis&limit=2&limit=3'],
    ['a long input', `input=${'a'.repeat(101)}`],
    ['no input', 'limit=3'],
  ])('when the query has %s, then 400 {msg}', async (_label, query) => {
    const res = await get(service, `/api/places/autocomplete?${query}`);
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).msg).toBe('string');
  });

  it('when an offline place is looked up, then its address and trip location with no photos', async () => {
    const [lisbon] = await autocomplete('Lisbon');
    const res = await get(service, `/api/places-details?placeid=${encodeURIComponent(lisbon!.place_id)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      photos: [],
      formatted_address: 'Lisbon, Portugal',
      trip_location: 'Lisbon, Portugal',
    });
    const [springfield] = await autocomplete('Springfield', 1);
    const us = await (await get(service, `/api/places-details?placeid=${springfield!.place_id}`)).json();
    expect(us.trip_location).toMatch(/^Springfield, [A-Z]{2}, United States$/);
  });

  it('when the place id is unknown, malformed, or a Google id without a key, then 404, 400 or 503 {msg}', async () => {
    expect((await get(service, '/api/places-details?placeid=offline:1')).status).toBe(404);
    for (const bad of ['offline:abc', '../etc/passwd', 'a%2Fb', 'x'.repeat(301)]) {
      const res = await get(service, `/api/places-details?placeid=${bad}`);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe('The place id is not valid.');
    }
    // An empty value is no value.
    for (const query of ['', '?placeid=']) {
      const res = await get(service, `/api/places-details${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe('Please give a place id.');
    }
    const google = await get(service, '/api/places-details?placeid=ChIJO_PkYRozGQ0R0DaQ5L3rAAQ');
    expect(google.status).toBe(503);
    expect((await google.json()).msg).toBe('Place details are not available right now.');
  });

  it('when there is no token, then autocomplete and details are 401', async () => {
    expect((await get(service, '/api/places/autocomplete?input=lis', {})).status).toBe(401);
    expect((await get(service, '/api/places-details?placeid=offline:2267057', {})).status).toBe(401);
  });

  it('when a photo is asked for without a Google key, then 503 {msg} without a token being needed', async () => {
    const res = await get(service, '/api/places-pics?photoreference=places/abc/photos/def', {});
    expect(res.status).toBe(503);
    expect((await res.json()).msg).toBe('Place photos are not available right now.');
  });

  // How fast the index answers is measured by bench/integrations-autocomplete.mjs, not here.
  it('when the index is asked for prefixes, then it holds the world’s cities and answers at most the limit', async () => {
    const { offlineCityIndex } = await import('../../src/store/offline-cities');
    const index = offlineCityIndex();
    expect(index.size).toBeGreaterThan(100_000);
    for (const query of ['lis', 'sao p', 'zur', 'new y', 'san', 'a', 'springf', 'saint e']) {
      expect(index.search(query, 5).length).toBeGreaterThan(0);
      expect(index.search(query, 5).length).toBeLessThanOrEqual(5);
    }
    expect(index.search('qqq', 5)).toEqual([]);
  });
});

describe('places with a Google key (fake Places API)', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
  const reference = 'places/ChIJabc/photos/AXCi2Q_photo-1';

  function googleAnswers(call: RecordedCall) {
    if (call.path === '/v1/places:autocomplete') {
      return {
        json: {
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJO_PkYRozGQ0R0DaQ5L3rAAQ',
                text: { text: 'Lisbon, Portugal' },
                structuredFormat: { mainText: { text: 'Lisbon' }, secondaryText: { text: 'Portugal' } },
              },
            },
            { queryPrediction: { text: { text: 'lisbon things' } } },
          ],
        },
      };
    }
    if (call.path === '/v1/places/ChIJO_PkYRozGQ0R0DaQ5L3rAAQ') {
      return {
        json: {
          formattedAddress: 'Lisbon, Portugal',
          addressComponents: [
            { longText: 'Lisbon', shortText: 'Lisbon', types: ['locality', 'political'] },
            { longText: 'Lisbon District', shortText: 'Lisbon District', types: ['administrative_area_level_1'] },
            { longText: 'Portugal', shortText: 'PT', types: ['country', 'political'] },
          ],
          photos: [{ name: reference, widthPx: 4000 }, { name: 'https://evil.example/x' }],
        },
      };
    }
    if (call.path === `/v1/${reference}/media`) return { body: PHOTO, contentType: 'image/jpeg' };
    return { status: 404, json: { error: { code: 404 } } };
  }

  beforeEach(async () => {
    fake = await startFakeUpstream(googleAnswers);
    service = await bootIntegrations({
      env: { GOOGLE_MAPS_API_KEY: 'gmaps-secret', GOOGLE_PLACES_BASE_URL: fake.url },
    });
  });
  afterEach(async () => {
    await service.stop();
    await fake.close();
  });

  const photo = (ref: string) => fetch(`${service.url}/api/places-pics?photoreference=${ref}`);

  it('when autocompleting, then Google is asked for cities with the key in a header, and predictions are mapped', async () => {
    const res = await get(service, '/api/places/autocomplete?input=lisb&limit=5');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual([
      {
        place_id: 'ChIJO_PkYRozGQ0R0DaQ5L3rAAQ',
        description: 'Lisbon, Portugal',
        main_text: 'Lisbon',
        secondary_text: 'Portugal',
      },
    ]);
    expect(text).not.toContain('gmaps-secret');
    const [call] = fake.calls;
    expect(call!.method).toBe('POST');
    expect(call!.headers['x-goog-api-key']).toBe('gmaps-secret');
    expect(JSON.parse(call!.body)).toMatchObject({ input: 'lisb', includedPrimaryTypes: ['(cities)'] });
  });

  it('when Google autocomplete fails, then the offline index answers instead', async () => {
    fake.handle(() => ({ status: 500, json: {} }));
    const res = await get(service, '/api/places/autocomplete?input=Lisbon');
    expect(res.status).toBe(200);
    expect((await res.json())[0]).toMatchObject({ place_id: 'offline:2267057', description: 'Lisbon, Portugal' });
  });

  it('when details are asked, then address, city/state/country and only well-formed photo names', async () => {
    const res = await get(service, '/api/places-details?placeid=ChIJO_PkYRozGQ0R0DaQ5L3rAAQ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      photos: [{ name: reference }],
      formatted_address: 'Lisbon, Portugal',
      trip_location: 'Lisbon, Lisbon District, Portugal',
    });
    expect(fake.calls[0]!.headers['x-goog-fieldmask']).toBe('formattedAddress,addressComponents,photos');
    // Cached: a second look-up does not reach Google.
    expect((await get(service, '/api/places-details?placeid=ChIJO_PkYRozGQ0R0DaQ5L3rAAQ')).status).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });

  it('when Google does not know the place or answers garbage, then 404 or 502 {msg}', async () => {
    expect((await get(service, '/api/places-details?placeid=ChIJunknown')).status).toBe(404);
    fake.handle(() => ({ body: '<html>oops</html>', contentType: 'text/html' }));
    const garbage = await get(service, '/api/places-details?placeid=ChIJgarbage');
    expect(garbage.status).toBe(502);
    expect(typeof (await garbage.json()).msg).toBe('string');
  });

  it('when a photo is asked, then its bytes with a week-long immutable Cache-Control, and the next one is cached', async () => {
    const res = await photo(reference);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(PHOTO_CACHE_CONTROL);
    expect(PHOTO_CACHE_CONTROL).toBe('public, max-age=604800, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PHOTO);
    const [call] = fake.calls;
    expect(call!.headers['x-goog-api-key']).toBe('gmaps-secret');
    expect(call!.query.get('maxWidthPx')).toBe('1200');

    const again = await photo(reference);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(PHOTO);
    expect(again.headers.get('content-type')).toBe('image/jpeg');
    expect(fake.calls).toHaveLength(1);
  });

  it('when 100 browsers ask for the same photo at once, then Google is called once', async () => {
    fake.handle((call) => ({ ...googleAnswers(call), delayMs: 100 }));
    const answers = await Promise.all(Array.from({ length: 100 }, () => photo(reference)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(fake.count('/v1/places/')).toBe(1);
  });

  it.each([
    ['a parent path', 'places/abc/photos/../../v1/places:autocomplete'],
    ['an encoded slash', 'places/abc/photos/def%2F..%2Fxyz'],
    ['an encoded parent path', '%2E%2E%2Fplaces/abc/photos/def'],
    ['an absolute URL', 'https://evil.example/places/abc/photos/def'],
    ['a protocol-relative URL', '//evil.example/places/abc/photos/def'],
    ['a query string', 'places/abc/photos/def%3Fkey%3Dx'],
    ['a fragment', 'places/abc/photos/def%23frag'],
    ['a missing photo part', 'places/abc'],
    ['extra segments', 'places/abc/photos/def/media'],
    ['a leading slash', '/places/abc/photos/def'],
    ['whitespace', 'places/abc/photos/def%20'],
    ['a newline', 'places/abc/photos/def%0Ax'],
    ['a too long id', `places/${'a'.repeat(301)}/photos/def`],
  ])('when the photo reference has %s, then 400 and nothing reaches Google', async (_label, ref) => {
    const res = await photo(ref);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe('The photo reference is not valid.');
    expect(fake.calls).toHaveLength(0);
  });

  it('when the photo reference has an empty value, then it is missing: 400 and nothing reaches Google', async () => {
    const res = await photo('');
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe('Please give a photo reference.');
    expect(fake.calls).toHaveLength(0);
  });

  it('when the reference is repeated or missing, then 400', async () => {
    expect(
      (await fetch(`${service.url}/api/places-pics?photoreference=${reference}&photoreference=${reference}`)).status,
    ).toBe(400);
    expect((await fetch(`${service.url}/api/places-pics`)).status).toBe(400);
    expect(fake.calls).toHaveLength(0);
  });

  it('when Google serves something that is not a raster image, then 502 (never served from our origin)', async () => {
    fake.handle(() => ({ body: '<svg onload="alert(1)"/>', contentType: 'image/svg+xml' }));
    const res = await photo(reference);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('when the photo is unknown, then 404; when Google is slow, then 504 within the bound', async () => {
    expect((await photo('places/abc/photos/unknown')).status).toBe(404);
    fake.handle((call) => ({ ...googleAnswers(call), delayMs: SLOWER_THAN_TIMEOUT_MS }));
    // The fake would answer 200 much later: a 504 means the service's own timeout cut it short.
    expect((await photo(reference)).status).toBe(504);
  });
});
