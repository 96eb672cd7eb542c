import { testUser, tokenFor } from '@tripcost/shared/testing';
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

const LISBON = { name: 'Lisbon', latitude: 38.72, longitude: -9.13, country_code: 'PT', country: 'Portugal' };
const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS)
    dates.push(new Date(ms).toISOString().slice(0, 10));
  return dates;
}

/**
 * Open-Meteo's geocoder, forecast and archive on one fake. Archive temperatures depend
 * on the year only (max 20 + year % 10, min 10 + year % 10), so ten consecutive years
 * average to exactly 24.5 / 14.5.
 */
function openMeteoAnswers(call: RecordedCall) {
  if (call.path === '/v1/search') {
    return call.query.get('name') === 'Lisbon' ? { json: { results: [LISBON] } } : { json: {} };
  }
  const time = datesBetween(call.query.get('start_date')!, call.query.get('end_date')!);
  if (call.path === '/v1/forecast') {
    return {
      json: {
        daily: {
          time,
          weather_code: time.map(() => 61),
          temperature_2m_max: time.map((_, index) => 18 + index),
          temperature_2m_min: time.map(() => 11.04),
        },
      },
    };
  }
  if (call.path === '/v1/archive') {
    const year = (date: string) => Number(date.slice(0, 4));
    return {
      json: {
        daily: {
          time,
          temperature_2m_max: time.map((date) => 20 + (year(date) % 10)),
          temperature_2m_min: time.map((date) => 10 + (year(date) % 10)),
        },
      },
    };
  }
  return { status: 404, json: {} };
}

describe('GET /api/weather/window', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  const token = tokenFor(testUser());
  const windowWeather = (query: string, headers: Record<string, string> = authHeader(token)) =>
    fetch(`${service.url}/api/weather/window?${query}`, { headers });

  beforeEach(async () => {
    fake = await startFakeUpstream(openMeteoAnswers);
  });
  afterEach(async () => {
    await service?.stop();
    await fake.close();
  });

  const boot = async (env: Record<string, string> = {}) => {
    service = await bootIntegrations({
      env: {
        OPEN_METEO_GEOCODING_BASE_URL: fake.url,
        OPEN_METEO_BASE_URL: fake.url,
        OPEN_METEO_ARCHIVE_BASE_URL: fake.url,
        ...env,
      },
    });
  };

  it('when the window starts 5 days out, then the daily forecast for its dates', async () => {
    await boot();
    const [start, end] = [dayFromToday(5), dayFromToday(7)];
    const res = await windowWeather(`city=Lisbon&country=Portugal&start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      kind: 'forecast',
      name: 'Lisbon',
      start,
      end,
      days: datesBetween(start, end).map((date, index) => ({
        date,
        min: 11,
        max: 18 + index,
        description: 'light rain',
      })),
      source: 'open-meteo',
      fetched_at: expect.any(String),
    });
    const forecast = fake.calls.find((call) => call.path === '/v1/forecast')!;
    expect(forecast.query.get('latitude')).toBe('38.72');
    expect(forecast.query.get('start_date')).toBe(start);
    expect(fake.count('/v1/archive')).toBe(0);
  });

  it('when the window starts 200 days out, then typical weather for those days over ten years, with the years', async () => {
    await boot();
    const [start, end] = [dayFromToday(200), dayFromToday(203)];
    const res = await windowWeather(`city=Lisbon&start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.kind).toBe('typical');
    expect(body.years.to - body.years.from).toBe(9);
    expect(body.years.to).toBeLessThan(Number(start.slice(0, 4)) + 1);
    expect(body.days).toEqual(datesBetween(start, end).map((date) => ({ date, min: 14.5, max: 24.5 })));
    // One archive call covers all ten years.
    expect(fake.count('/v1/archive')).toBe(1);
    expect(fake.count('/v1/forecast')).toBe(0);
    const archive = fake.calls.find((call) => call.path === '/v1/archive')!;
    expect(archive.query.get('start_date')!.slice(0, 4)).toBe(String(body.years.from));
  });

  it('when asked again, then the answer comes from the cache without calling upstream', async () => {
    await boot();
    const query = `city=Lisbon&start=${dayFromToday(200)}&end=${dayFromToday(201)}`;
    expect((await windowWeather(query)).status).toBe(200);
    const calls = fake.calls.length;
    expect((await windowWeather(query)).status).toBe(200);
    expect(fake.calls.length).toBe(calls);
  });

  it('when 100 identical requests arrive at once, then the provider is called once', async () => {
    await boot();
    fake.handle(async (call) => ({ ...openMeteoAnswers(call), delayMs: 100 }));
    const query = `city=Lisbon&start=${dayFromToday(5)}&end=${dayFromToday(6)}`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => windowWeather(query)));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect(fake.count('/v1/search')).toBe(1);
    expect(fake.count('/v1/forecast')).toBe(1);
  });

  it('when the provider is slow, then 504 {msg}', async () => {
    await boot({ UPSTREAM_TIMEOUT_MS: '300' });
    fake.handle((call) => ({ ...openMeteoAnswers(call), delayMs: 3000 }));
    const res = await windowWeather(`city=Lisbon&start=${dayFromToday(5)}&end=${dayFromToday(6)}`);
    expect(res.status).toBe(504);
    expect((await res.json()).msg).toBe('The weather service did not answer in time. Please try again.');
  });

  it.each([
    ['a garbage body', { body: '{{not json' }],
    [
      'arrays of different lengths',
      { json: { daily: { time: ['2030-01-01'], temperature_2m_max: [], temperature_2m_min: [] } } },
    ],
    [
      'no readings for the dates asked',
      {
        json: { daily: { time: ['1990-01-01'], weather_code: [1], temperature_2m_max: [1], temperature_2m_min: [0] } },
      },
    ],
  ])('when the forecast or archive sends %s, then 502 {msg}', async (_label, answer) => {
    await boot();
    fake.handle((call) => (call.path === '/v1/search' ? openMeteoAnswers(call) : answer));
    for (const days of [5, 200]) {
      const res = await windowWeather(`city=Lisbon&start=${dayFromToday(days)}&end=${dayFromToday(days)}`);
      expect(res.status).toBe(502);
      expect((await res.json()).msg).toMatch(/^The weather service sent an answer we could not use/);
    }
  });

  it('when the forecast has an unknown weather code, then 502 rather than invented words', async () => {
    await boot();
    fake.handle((call) =>
      call.path === '/v1/forecast'
        ? {
            json: {
              daily: {
                time: [call.query.get('start_date')],
                weather_code: [42],
                temperature_2m_max: [1],
                temperature_2m_min: [0],
              },
            },
          }
        : openMeteoAnswers(call),
    );
    expect((await windowWeather(`city=Lisbon&start=${dayFromToday(5)}&end=${dayFromToday(5)}`)).status).toBe(502);
  });

  it('when the provider cannot be reached, then 503 {msg}', async () => {
    service = await bootIntegrations();
    const res = await windowWeather(`city=Lisbon&start=${dayFromToday(5)}&end=${dayFromToday(6)}`);
    expect(res.status).toBe(503);
    expect((await res.json()).msg).toBe('The weather service is not available right now.');
  });

  it('when the city is unknown, then 404 {msg}', async () => {
    await boot();
    const res = await windowWeather(`city=Atlantis&start=${dayFromToday(5)}&end=${dayFromToday(6)}`);
    expect(res.status).toBe(404);
    expect((await res.json()).msg).toBe('We could not find weather for that city.');
  });

  it('when there is no token, then 401 {msg} and no upstream call', async () => {
    await boot();
    const res = await windowWeather(`city=Lisbon&start=${dayFromToday(5)}&end=${dayFromToday(6)}`, {});
    expect(res.status).toBe(401);
    expect(typeof (await res.json()).msg).toBe('string');
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['no city', `start=2030-01-01&end=2030-01-02`, 'Please give a city.'],
    ['no start', `city=Lisbon&end=2030-01-02`, 'The start date must be a date written as YYYY-MM-DD.'],
    [
      'a timestamp',
      `city=Lisbon&start=2030-01-01T10:00:00Z&end=2030-01-02`,
      'The start date must be a date written as YYYY-MM-DD.',
    ],
    ['31 April', `city=Lisbon&start=2030-04-31&end=2030-05-02`, 'The start date must be a date written as YYYY-MM-DD.'],
    [
      'an end before the start',
      `city=Lisbon&start=2030-01-02&end=2030-01-01`,
      'The end date must be on or after the start date.',
    ],
    ['90 days', `city=Lisbon&start=2030-01-01&end=2030-03-31`, 'The dates must span at most 60 days.'],
    [
      'a start before 1900',
      `city=Lisbon&start=1899-12-31&end=1900-01-02`,
      'The start date must be from 1900-01-01 to 2199-12-31.',
    ],
    [
      'an end after 2199',
      `city=Lisbon&start=2199-12-30&end=2200-01-01`,
      'The end date must be from 1900-01-01 to 2199-12-31.',
    ],
    ['a date as an object', `city=Lisbon&start[x]=1&end=2030-01-02`, 'Give start once, as a single value.'],
    [
      'a repeated end',
      `city=Lisbon&start=2030-01-01&end=2030-01-02&end=2030-01-03`,
      'Give end once, as a single value.',
    ],
  ])('when the query has %s, then 400 {msg} and no upstream call', async (_label, query, msg) => {
    await boot();
    const res = await windowWeather(query);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe(msg);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('POST /api/weather/windows', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  const token = tokenFor(testUser());
  const batch = (body: unknown, headers: Record<string, string> = authHeader(token)) =>
    fetch(`${service.url}/api/weather/windows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const windowsFrom = (offsets: number[]) =>
    offsets.map((days, index) => ({ id: `w${index}`, start: dayFromToday(days), end: dayFromToday(days + 3) }));

  beforeEach(async () => {
    fake = await startFakeUpstream(openMeteoAnswers);
    service = await bootIntegrations({
      env: {
        OPEN_METEO_GEOCODING_BASE_URL: fake.url,
        OPEN_METEO_BASE_URL: fake.url,
        OPEN_METEO_ARCHIVE_BASE_URL: fake.url,
      },
    });
  });
  afterEach(async () => {
    await service?.stop();
    await fake.close();
  });

  it('when a trip has 26 windows, then one request answers them all with a handful of upstream calls', async () => {
    // 6 within the forecast range, 20 spread over the next 200–580 days (two sets of archive years).
    const offsets = [0, 2, 4, 6, 8, 10, ...Array.from({ length: 20 }, (_, index) => 200 + index * 20)];
    const windows = windowsFrom(offsets);
    const res = await batch({ city: 'Lisbon', country: 'Portugal', windows });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.windows.map((entry: { id: string }) => entry.id)).toEqual(windows.map((window) => window.id));
    body.windows
      .slice(0, 6)
      .forEach((entry: { weather: { kind: string; start: string; days: unknown[] } }, index: number) => {
        expect(entry.weather.kind).toBe('forecast');
        expect(entry.weather.start).toBe(windows[index]!.start);
        expect(entry.weather.days).toHaveLength(4);
      });
    for (const [index, entry] of body.windows.slice(6).entries()) {
      const window = windows[index + 6]!;
      expect(entry.weather.kind).toBe('typical');
      expect(entry.weather.days).toEqual(
        datesBetween(window.start, window.end).map((date) => ({ date, min: 14.5, max: 24.5 })),
      );
    }
    // 26 windows one by one would be 26 geocodes and 26 forecast or archive reads.
    expect(fake.count('/v1/search')).toBe(1);
    expect(fake.count('/v1/forecast')).toBe(1);
    expect(fake.count('/v1/archive')).toBeLessThanOrEqual(2);
    expect(fake.calls.length).toBeLessThanOrEqual(4);
  });

  it('when a window of the batch is asked alone afterwards, then it comes from the cache the batch filled', async () => {
    const [window] = windowsFrom([200]);
    expect((await batch({ city: 'Lisbon', windows: [window] })).status).toBe(200);
    const calls = fake.calls.length;
    const single = await fetch(
      `${service.url}/api/weather/window?city=Lisbon&start=${window!.start}&end=${window!.end}`,
      { headers: authHeader(token) },
    );
    expect(single.status).toBe(200);
    expect((await single.json()).kind).toBe('typical');
    expect(fake.calls.length).toBe(calls);
  });

  it('when one window has its end before its start, then that entry says why and the others are answered', async () => {
    const res = await batch({
      city: 'Lisbon',
      windows: [
        { id: 'good', start: dayFromToday(5), end: dayFromToday(6) },
        { id: 'bad', start: dayFromToday(9), end: dayFromToday(8) },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.windows[0]).toEqual({ id: 'good', weather: expect.objectContaining({ kind: 'forecast' }) });
    expect(body.windows[1]).toEqual({
      id: 'bad',
      error: { status: 400, msg: 'The end date must be on or after the start date.' },
    });
  });

  it('when the city is unknown, then 404 {msg} as the single route answers', async () => {
    const res = await batch({ city: 'Atlantis', windows: windowsFrom([5, 200]) });
    expect(res.status).toBe(404);
    expect((await res.json()).msg).toBe('We could not find weather for that city.');
    expect(fake.count('/v1/search')).toBe(1);
  });

  it('when there is no token, then 401 {msg} and no upstream call', async () => {
    const res = await batch({ city: 'Lisbon', windows: windowsFrom([5]) }, {});
    expect(res.status).toBe(401);
    expect(typeof (await res.json()).msg).toBe('string');
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['no city', { windows: windowsFrom([5]) }, 'Please give a city.'],
    ['no windows', { city: 'Lisbon', windows: [] }, 'Please give the windows as a list of 1 to 50.'],
    [
      '51 windows',
      { city: 'Lisbon', windows: windowsFrom(Array(51).fill(5)) },
      'Please give the windows as a list of 1 to 50.',
    ],
    [
      'windows that are not a list',
      { city: 'Lisbon', windows: 'all' },
      'Please give the windows as a list of 1 to 50.',
    ],
    [
      'a repeated id',
      { city: 'Lisbon', windows: [...windowsFrom([5]), ...windowsFrom([6])] },
      'Each window id must appear once.',
    ],
    [
      'a window without an id',
      { city: 'Lisbon', windows: [{ start: '2030-01-01', end: '2030-01-02' }] },
      'Each window needs an id.',
    ],
    [
      'a timestamp',
      { city: 'Lisbon', windows: [{ id: 'a', start: '2030-01-01T10:00:00Z', end: '2030-01-02' }] },
      'The start date must be a date written as YYYY-MM-DD.',
    ],
    [
      'a year 10000 end',
      { city: 'Lisbon', windows: [{ id: 'a', start: '2030-01-01', end: '+010000-12-01' }] },
      'The end date must be a date written as YYYY-MM-DD.',
    ],
    [
      'an end after 2199',
      { city: 'Lisbon', windows: [{ id: 'a', start: '2199-12-31', end: '2200-01-01' }] },
      'The end date must be from 1900-01-01 to 2199-12-31.',
    ],
  ])('when the body has %s, then 400 {msg} and no upstream call', async (_label, body, msg) => {
    const res = await batch(body);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe(msg);
    expect(fake.calls).toHaveLength(0);
  });
});
