// The two weather providers behind one shape: OpenWeatherMap when a key is set,
// Open-Meteo (geocoding + current conditions, no key) otherwise. Daily weather for a
// window's dates (forecast and archive) always comes from Open-Meteo: it needs no key,
// and OpenWeatherMap's daily forecast and history are paid products.
import { notFound } from '@tripcost/shared';
import { z } from 'zod';
import { countryCode, sameAdminArea } from '../domain/regions';
import { normaliseText } from '../domain/text';
import { wmoDescription } from '../domain/wmo-codes';
import {
  badAnswer,
  type CurrentWeather,
  type DailyReading,
  type DailyWeatherSource,
  type LocatedPlace,
  type WeatherProvider,
  type WeatherQuery,
} from '../domain/ports';
import type { Upstream } from './upstream';

export type { CurrentWeather, DailyReading, DailyWeatherSource, LocatedPlace, WeatherProvider, WeatherQuery };

const SERVICE = 'weather service';
const cityNotFound = () => notFound('We could not find weather for that city.');

const openWeatherAnswer = z.object({
  name: z.string(),
  weather: z.array(z.object({ description: z.string().min(1) })).min(1),
  main: z.object({ temp: z.number().finite() }),
});

export function openWeatherMap(
  upstream: Upstream,
  settings: { baseUrl: string; apiKey: string; timeoutMs: number },
): WeatherProvider {
  return {
    source: 'openweathermap',
    async current(query) {
      const code = query.country ? countryCode(query.country) : undefined;
      // OpenWeatherMap accepts a state only for US cities, and countries as ISO codes.
      const parts = [query.city, code === 'US' ? query.state : undefined, code ?? query.country].filter(Boolean);
      const url = new URL('/data/2.5/weather', settings.baseUrl);
      url.search = new URLSearchParams({ q: parts.join(','), units: 'metric', appid: settings.apiKey }).toString();
      const answer = await upstream.json({ service: SERVICE, url, timeoutMs: settings.timeoutMs });
      if (answer.status === 404) throw cityNotFound();
      const parsed = openWeatherAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
      const { name, weather, main } = parsed.data;
      return { name: name || query.city, description: weather[0]!.description, temp: main.temp };
    },
  };
}

const geocodingAnswer = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        country_code: z.string().optional(),
        country: z.string().optional(),
        admin1: z.string().optional(),
      }),
    )
    .optional(),
});

const forecastAnswer = z.object({
  current: z.object({ temperature_2m: z.number().finite(), weather_code: z.number().int() }),
});

type Place = NonNullable<z.infer<typeof geocodingAnswer>['results']>[number];

/** Open-Meteo's geocoder: the best match for a city, honouring a given country and state. */
function openMeteoGeocoder(upstream: Upstream, settings: { geocodingBaseUrl: string; timeoutMs: number }) {
  return async (query: WeatherQuery): Promise<Place> => {
    const url = new URL('/v1/search', settings.geocodingBaseUrl);
    url.search = new URLSearchParams({ name: query.city, count: '10', language: 'en', format: 'json' }).toString();
    const answer = await upstream.json({ service: SERVICE, url, timeoutMs: settings.timeoutMs });
    const parsed = geocodingAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
    const place = pickPlace(parsed.data.results ?? [], query);
    if (!place) throw cityNotFound();
    return place;
  };
}

const coordinates = (place: LocatedPlace) => ({
  latitude: String(place.latitude),
  longitude: String(place.longitude),
});

export function openMeteo(
  upstream: Upstream,
  settings: { geocodingBaseUrl: string; forecastBaseUrl: string; timeoutMs: number },
): WeatherProvider {
  const geocode = openMeteoGeocoder(upstream, settings);
  return {
    source: 'open-meteo',
    async current(query) {
      const place = await geocode(query);
      const url = new URL('/v1/forecast', settings.forecastBaseUrl);
      url.search = new URLSearchParams({
        ...coordinates(place),
        current: 'temperature_2m,weather_code',
        temperature_unit: 'celsius',
      }).toString();
      const answer = await upstream.json({ service: SERVICE, url, timeoutMs: settings.timeoutMs });
      const parsed = forecastAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
      const description = wmoDescription(parsed.data.current.weather_code);
      if (!description) throw badAnswer(SERVICE);
      return { name: place.name, description, temp: parsed.data.current.temperature_2m };
    },
  };
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** Open-Meteo's daily block: parallel arrays, null where it has no value for a day. */
const dailyAnswer = (withCodes: boolean) =>
  z.object({
    daily: z.object({
      time: z.array(z.string().regex(isoDay)),
      temperature_2m_max: z.array(z.number().finite().nullable()),
      temperature_2m_min: z.array(z.number().finite().nullable()),
      weather_code: withCodes ? z.array(z.number().int().nullable()) : z.unknown().optional(),
    }),
  });

export function openMeteoDaily(
  upstream: Upstream,
  settings: { geocodingBaseUrl: string; forecastBaseUrl: string; archiveBaseUrl: string; timeoutMs: number },
): DailyWeatherSource {
  const geocode = openMeteoGeocoder(upstream, settings);

  const readDaily = async (url: URL, withCodes: boolean): Promise<DailyReading[]> => {
    const answer = await upstream.json({
      service: SERVICE,
      url,
      timeoutMs: settings.timeoutMs,
      maxBytes: 4 * 1024 * 1024,
    });
    const parsed = dailyAnswer(withCodes).safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
    const { time, temperature_2m_max: maxima, temperature_2m_min: minima } = parsed.data.daily;
    const codes = withCodes ? (parsed.data.daily.weather_code as Array<number | null>) : [];
    if (maxima.length !== time.length || minima.length !== time.length) throw badAnswer(SERVICE);
    if (withCodes && codes.length !== time.length) throw badAnswer(SERVICE);
    const readings: DailyReading[] = [];
    time.forEach((date, index) => {
      const [max, min] = [maxima[index], minima[index]];
      // Days the provider has no value for yet are left out rather than invented.
      if (max == null || min == null) return;
      if (!withCodes) return readings.push({ date, min, max });
      const code = codes[index];
      // A day without a code keeps its temperatures; an unknown code is a bad answer, not invented words.
      const description = code === null || code === undefined ? undefined : wmoDescription(code);
      if (code !== null && code !== undefined && !description) throw badAnswer(SERVICE);
      readings.push(description ? { date, min, max, description } : { date, min, max });
    });
    return readings;
  };

  const dailyUrl = (base: string, path: string, place: LocatedPlace, from: string, to: string, variables: string) => {
    const url = new URL(path, base);
    url.search = new URLSearchParams({
      ...coordinates(place),
      daily: variables,
      start_date: from,
      end_date: to,
      timezone: 'auto',
      temperature_unit: 'celsius',
    }).toString();
    return url;
  };

  return {
    source: 'open-meteo',
    async locate(query) {
      const place = await geocode(query);
      return { name: place.name, latitude: place.latitude, longitude: place.longitude };
    },
    forecast: (place, from, to) =>
      readDaily(
        dailyUrl(
          settings.forecastBaseUrl,
          '/v1/forecast',
          place,
          from,
          to,
          'weather_code,temperature_2m_max,temperature_2m_min',
        ),
        true,
      ),
    history: (place, from, to) =>
      readDaily(
        dailyUrl(settings.archiveBaseUrl, '/v1/archive', place, from, to, 'temperature_2m_max,temperature_2m_min'),
        false,
      ),
  };
}

/**
 * Open-Meteo ranks same-named places by relevance. A country that was given must
 * match (weather for the wrong Paris would be invented data); a state is preferred.
 */
function pickPlace(places: Place[], query: WeatherQuery): Place | undefined {
  let candidates = places;
  if (query.country) {
    const code = countryCode(query.country);
    const wanted = normaliseText(query.country);
    candidates = candidates.filter((place) =>
      code ? place.country_code?.toUpperCase() === code : normaliseText(place.country ?? '') === wanted,
    );
  }
  if (query.state) {
    const inState = candidates.find((place) => sameAdminArea(place.admin1, query.state!));
    if (inState) return inState;
  }
  return candidates[0];
}
