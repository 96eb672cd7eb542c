// Current weather for a trip's location, in the spec's shape whichever provider
// answered, cached 10 minutes per normalised location.
import type { WeatherProvider, WeatherQuery } from './ports';
import { CACHE_KINDS, jsonCodec, type Cache } from './cache';
import { normaliseText } from './text';

export interface WeatherReport {
  weather: { description: string }[];
  main: { temp: number };
  name: string;
  source: WeatherProvider['source'];
  fetched_at: string;
}

const codec = jsonCodec<WeatherReport>();

export function createWeatherService(deps: { provider: WeatherProvider; cache: Cache }) {
  const { provider, cache } = deps;
  const keyOf = (query: WeatherQuery) => [
    provider.source,
    normaliseText(query.city),
    normaliseText(query.state ?? ''),
    normaliseText(query.country ?? ''),
  ];
  return {
    current(query: WeatherQuery): Promise<WeatherReport> {
      return cache.getOrLoad(CACHE_KINDS.weather, keyOf(query), codec, async () => {
        const current = await provider.current(query);
        return {
          weather: [{ description: current.description }],
          main: { temp: Math.round(current.temp * 100) / 100 },
          name: current.name,
          source: provider.source,
          fetched_at: new Date().toISOString(),
        };
      });
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
