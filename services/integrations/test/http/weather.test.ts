import { testUser, tokenFor } from '@tripcost/shared/testing';
import type { RunningIntegrations } from '../../src';
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

const LISBON = {
  name: 'Lisbon',
  latitude: 38.72,
  longitude: -9.13,
  country_code: 'PT',
  country: 'Portugal',
  admin1: 'Lisbon',
};
const SPRINGFIELDS = [
  {
    name: 'Springfield',
    latitude: 39.8,
    longitude: -89.64,
    country_code: 'US',
    country: 'United States',
    admin1: 'Illinois',
  },
  {
    name: 'Springfield',
    latitude: 37.21,
    longitude: -93.29,
    country_code: 'US',
    country: 'United States',
    admin1: 'Missouri',
  },
];

/** Open-Meteo geocoding and forecast on one fake: known places by name, weather by latitude. */
function openMeteoAnswers(call: RecordedCall) {
  if (call.path === '/v1/search') {
    const name = call.query.get('name');
    if (name === 'Lisbon') return { json: { results: [LISBON] } };
    if (name === 'Springfield') return { json: { results: SPRINGFIELDS } };
    return { json: { generationtime_ms: 0.3 } };
  }
  if (call.path === '/v1/forecast') {
    const code = call.query.get('latitude') === '37.21' ? 71 : 3;
    return { json: { current: { time: '2025-01-05T12:00', temperature_2m: 17.3, weather_code: code } } };
  }
  return { status: 404, json: {} };
}

describe('GET /api/weather', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  const token = tokenFor(testUser());
  const weather = (query: string, headers: Record<string, string> = authHeader(token)) =>
    fetch(`${service.url}/api/weather?${query}`, { headers });

  beforeEach(async () => {
    fake = await startFakeUpstream(openMeteoAnswers);
  });
  afterEach(async () => {
    await service?.stop();
    await fake.close();
  });

  const bootOpenMeteo = async (env: Record<string, string> = {}) => {
    service = await bootIntegrations({
      env: { OPEN_METEO_GEOCODING_BASE_URL: fake.url, OPEN_METEO_BASE_URL: fake.url, ...env },
    });
  };

  describe('without a weather key (Open-Meteo)', () => {
    it('when the city is known, then the spec shape with a WMO description in °C', async () => {
      await bootOpenMeteo();
      const res = await weather('city=Lisbon&country=Portugal&units=metric');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        weather: [{ description: 'overcast clouds' }],
        main: { temp: 17.3 },
        name: 'Lisbon',
        source: 'open-meteo',
        fetched_at: expect.any(String),
      });
      expect(Date.parse(body.fetched_at)).not.toBeNaN();
      const forecast = fake.calls.find((call) => call.path === '/v1/forecast')!;
      expect(forecast.query.get('latitude')).toBe('38.72');
      expect(forecast.query.get('current')).toBe('temperature_2m,weather_code');
    });

    it('when a US state is given as its code, then the matching place is chosen', async () => {
      await bootOpenMeteo();
      const res = await weather('city=Springfield&state=MO&country=United%20States');
      expect(res.status).toBe(200);
      expect((await res.json()).weather[0].description).toBe('light snow');
    });

    it('when the city is unknown or not in the given country, then 404 {msg}', async () => {
      await bootOpenMeteo();
      const unknown = await weather('city=Atlantis');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ msg: 'We could not find weather for that city.', code: 'not_found' });
      const wrongCountry = await weather('city=Lisbon&country=Brazil');
      expect(wrongCountry.status).toBe(404);
    });

    it('when the answer is cached, then a second request makes no upstream call', async () => {
      await bootOpenMeteo();
      expect((await weather('city=Lisbon&country=PT')).status).toBe(200);
      const callsAfterFirst = fake.calls.length;
      expect(callsAfterFirst).toBe(2);
      // Same place written differently: the key is normalised.
      const again = await weather('city=%20LISBON&country=pt');
      expect(again.status).toBe(200);
      expect(fake.calls.length).toBe(callsAfterFirst);
    });

    it('when 100 identical requests arrive at once, then the provider is called exactly once', async () => {
      await bootOpenMeteo();
      fake.handle(async (call) => ({ ...openMeteoAnswers(call), delayMs: 100 }));
      const answers = await Promise.all(Array.from({ length: 100 }, () => weather('city=Lisbon&country=Portugal')));
      expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
      expect(fake.count('/v1/search')).toBe(1);
      expect(fake.count('/v1/forecast')).toBe(1);
    });

    it('when the provider is slow, then 504 {msg} within the timeout bound', async () => {
      await bootOpenMeteo();
      fake.handle((call) => ({ ...openMeteoAnswers(call), delayMs: SLOWER_THAN_TIMEOUT_MS }));
      // The fake would answer much later: a 504 means the service's own timeout cut it short.
      const res = await weather('city=Lisbon');
      expect(res.status).toBe(504);
      expect((await res.json()).msg).toBe('The weather service did not answer in time. Please try again.');
    });

    it('when the provider answers 5xx, then it is retried once and the user gets 502 {msg}', async () => {
      await bootOpenMeteo();
      fake.handle(() => ({ status: 503, body: '<html>down</html>', contentType: 'text/html' }));
      const res = await weather('city=Lisbon');
      expect(res.status).toBe(502);
      expect((await res.json()).msg).toMatch(/^The weather service sent an answer we could not use/);
      expect(fake.count('/v1/search')).toBe(2);
    });

    it('when the first attempt fails and the retry succeeds, then the user never notices', async () => {
      await bootOpenMeteo();
      let failed = false;
      fake.handle((call) => {
        if (call.path === '/v1/search' && !failed) {
          failed = true;
          return { status: 500, json: {} };
        }
        return openMeteoAnswers(call);
      });
      expect((await weather('city=Lisbon')).status).toBe(200);
      expect(fake.count('/v1/search')).toBe(2);
    });

    it.each([
      ['a garbage body', { body: 'not json at all{' }],
      ['JSON of the wrong shape', { json: { results: [{ name: 'Lisbon', latitude: 'north' }] } }],
      ['an array', { json: [1, 2, 3] }],
    ])('when the geocoder sends %s, then 502 {msg} and never a 500', async (_label, answer) => {
      await bootOpenMeteo();
      fake.handle(() => answer);
      const res = await weather('city=Lisbon');
      expect(res.status).toBe(502);
      expect(typeof (await res.json()).msg).toBe('string');
    });

    it('when the forecast has an unknown weather code, then 502 rather than an invented description', async () => {
      await bootOpenMeteo();
      fake.handle((call) =>
        call.path === '/v1/forecast'
          ? { json: { current: { temperature_2m: 10, weather_code: 42 } } }
          : openMeteoAnswers(call),
      );
      expect((await weather('city=Lisbon')).status).toBe(502);
    });

    it('when the provider failed moments ago, then the failure is remembered and not retried upstream', async () => {
      await bootOpenMeteo();
      fake.handle(() => ({ body: 'garbage' }));
      expect((await weather('city=Lisbon')).status).toBe(502);
      const calls = fake.calls.length;
      fake.handle(openMeteoAnswers);
      expect((await weather('city=Lisbon')).status).toBe(502);
      expect(fake.calls.length).toBe(calls);
    });

    it('when the provider cannot be reached at all, then 503 {msg}', async () => {
      service = await bootIntegrations(); // base URLs point at a closed port
      const res = await weather('city=Lisbon');
      expect(res.status).toBe(503);
      expect((await res.json()).msg).toBe('The weather service is not available right now.');
    });
  });

  describe('with OPENWEATHER_API_KEY (OpenWeatherMap)', () => {
    const bootOpenWeather = async () => {
      service = await bootIntegrations({ env: { OPENWEATHER_API_KEY: 'owm-secret', OPENWEATHER_BASE_URL: fake.url } });
    };

    it('when the city is known, then the spec shape, metric units, and the key never in the answer', async () => {
      await bootOpenWeather();
      fake.handle(() => ({
        json: {
          name: 'Springfield',
          weather: [{ id: 800, main: 'Clear', description: 'clear sky' }],
          main: { temp: 21.55, humidity: 40 },
        },
      }));
      const res = await weather('city=Springfield&state=IL&country=United%20States&units=metric');
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.parse(text)).toEqual({
        weather: [{ description: 'clear sky' }],
        main: { temp: 21.55 },
        name: 'Springfield',
        source: 'openweathermap',
        fetched_at: expect.any(String),
      });
      expect(text).not.toContain('owm-secret');
      const [call] = fake.calls;
      expect(call!.path).toBe('/data/2.5/weather');
      expect(call!.query.get('q')).toBe('Springfield,IL,US');
      expect(call!.query.get('units')).toBe('metric');
      expect(call!.query.get('appid')).toBe('owm-secret');
    });

    it('when OpenWeatherMap does not know the city, then 404 {msg}', async () => {
      await bootOpenWeather();
      fake.handle(() => ({ status: 404, json: { cod: '404', message: 'city not found' } }));
      const res = await weather('city=Atlantis');
      expect(res.status).toBe(404);
      expect((await res.json()).msg).toBe('We could not find weather for that city.');
    });

    it('when OpenWeatherMap refuses the key, then 503 {msg} (a configuration problem, not the user’s)', async () => {
      await bootOpenWeather();
      fake.handle(() => ({ status: 401, json: { cod: 401, message: 'Invalid API key' } }));
      const res = await weather('city=Lisbon');
      expect(res.status).toBe(503);
      expect(await res.text()).not.toContain('Invalid API key');
    });

    it('when OpenWeatherMap answers garbage or an empty weather list, then 502 {msg}', async () => {
      await bootOpenWeather();
      fake.handle(() => ({ json: { name: 'Lisbon', weather: [], main: { temp: 3 } } }));
      expect((await weather('city=Lisbon')).status).toBe(502);
      fake.handle(() => ({ body: '\u0000\u0001garbage' }));
      expect((await weather('city=Porto')).status).toBe(502);
    });
  });

  describe('input and auth', () => {
    beforeEach(() => bootOpenMeteo());

    it('when there is no token or a bad one, then 401 {msg} and no upstream call', async () => {
      expect((await weather('city=Lisbon', {})).status).toBe(401);
      const bad = await weather('city=Lisbon', { authorization: 'Bearer nope' });
      expect(bad.status).toBe(401);
      expect(typeof (await bad.json()).msg).toBe('string');
      expect(fake.calls).toHaveLength(0);
    });

    it.each([
      ['no city', 'country=PT', 'Please give a city.'],
      ['a blank city', 'city=%20%20', 'Please give a city.'],
      ['imperial units', 'city=Lisbon&units=imperial', 'Only metric units are supported.'],
      ['a repeated city', 'city=Lisbon&city=Porto', 'Give city once, as a single value.'],
      ['an operator object', 'city[$gt]=', 'Give city once, as a single value.'], // the simple parser keeps 'city[$gt]' as a key
      ['an empty city', 'city=', 'Please give a city.'],
      ['a very long city', `city=${'x'.repeat(101)}`, 'The city must be at most 100 characters.'],
    ])('when the query has %s, then 400 {msg}', async (_label, query, msg) => {
      const res = await weather(query);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
      expect(fake.calls).toHaveLength(0);
    });
  });
});
