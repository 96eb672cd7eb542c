// The two weather providers behind one shape: OpenWeatherMap when a key is set,
// Open-Meteo (geocoding + current conditions, no key) otherwise.
import { notFound } from '@tripcost/shared';
import { z } from 'zod';
import { countryCode, sameAdminArea } from '../domain/regions';
import { normaliseText } from '../domain/text';
import { wmoDescription } from '../domain/wmo-codes';
import { badAnswer, type Upstream } from './upstream';

export interface WeatherQuery {
  city: string;
  state?: string;
  country?: string;
}

export interface CurrentWeather {
  name: string;
  description: string;
  /** °C */
  temp: number;
}

export interface WeatherProvider {
  readonly source: 'openweathermap' | 'open-meteo';
  current(query: WeatherQuery): Promise<CurrentWeather>;
}

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

export function openMeteo(
  upstream: Upstream,
  settings: { geocodingBaseUrl: string; forecastBaseUrl: string; timeoutMs: number },
): WeatherProvider {
  const geocode = async (query: WeatherQuery): Promise<Place> => {
    const url = new URL('/v1/search', settings.geocodingBaseUrl);
    url.search = new URLSearchParams({ name: query.city, count: '10', language: 'en', format: 'json' }).toString();
    const answer = await upstream.json({ service: SERVICE, url, timeoutMs: settings.timeoutMs });
    const parsed = geocodingAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
    const place = pickPlace(parsed.data.results ?? [], query);
    if (!place) throw cityNotFound();
    return place;
  };

  return {
    source: 'open-meteo',
    async current(query) {
      const place = await geocode(query);
      const url = new URL('/v1/forecast', settings.forecastBaseUrl);
      url.search = new URLSearchParams({
        latitude: String(place.latitude),
        longitude: String(place.longitude),
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
