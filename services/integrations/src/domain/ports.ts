// The ports of the integrations domain: what its rules need from third-party providers
// and from the offline city index, and the answers a failing provider becomes. The
// adapters in providers/ and store/ implement them (ADR 0031: domain defines ports,
// adapters import the domain, never the other way round).
import { AppError } from '@tripcost/shared';
import type { Binary } from './cache';

/** The clean answers the user sees when a provider fails: 502 bad answer, 503 not available, 504 no answer in time. */
export const badAnswer = (service: string) =>
  new AppError(502, `The ${service} sent an answer we could not use. Please try again later.`, 'upstream_bad_answer');
export const unavailable = (service: string) =>
  new AppError(503, `The ${service} is not available right now.`, 'upstream_unavailable');
export const timedOut = (service: string) =>
  new AppError(504, `The ${service} did not answer in time. Please try again.`, 'upstream_timeout');

// Places (Google Places API when configured).
export interface PlaceSuggestion {
  place_id: string;
  description: string;
  main_text: string;
  secondary_text: string;
}

export interface PlaceDetails {
  photos: { name: string }[];
  formatted_address: string;
  trip_location: string;
}

export const PHOTO_REFERENCE_PATTERN = /^places\/[A-Za-z0-9_-]{1,300}\/photos\/[A-Za-z0-9_-]{1,600}$/;

export interface GooglePlaces {
  autocomplete(input: string, limit: number): Promise<PlaceSuggestion[]>;
  details(placeId: string): Promise<PlaceDetails>;
  photo(photoReference: string): Promise<Binary>;
}

// Suggestions (OpenAI when configured).
export interface SuggestionsProvider {
  funPlaces(location: string): Promise<string>;
}

// Weather.
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

/** One day of a daily forecast or of the archive, °C. */
export interface DailyReading {
  date: string;
  min: number;
  max: number;
  description?: string;
}

export interface LocatedPlace {
  name: string;
  latitude: number;
  longitude: number;
}

/** Daily weather by coordinates: the forecast for the coming days and the archive for past ones. */
export interface DailyWeatherSource {
  readonly source: 'open-meteo';
  locate(query: WeatherQuery): Promise<LocatedPlace>;
  forecast(place: LocatedPlace, from: string, to: string): Promise<DailyReading[]>;
  history(place: LocatedPlace, from: string, to: string): Promise<DailyReading[]>;
}

// Exchange rates (the ECB's reference rates through a Frankfurter-compatible API).
/** Rates relative to the euro, as the ECB publishes them: units of each currency per 1 EUR. */
export interface EurRates {
  /** The ECB's reference day, YYYY-MM-DD. */
  date: string;
  rates: Record<string, number>;
}

export interface RatesProvider {
  /** What the answers name as their source, e.g. 'ecb'. */
  readonly source: string;
  latest(): Promise<EurRates>;
  /** The rates published on `day` ('YYYY-MM-DD'), or on the last day before it that has some. */
  on(day: string): Promise<EurRates>;
}

// The offline city index (store/offline-cities.ts).
export interface OfflineCity {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** USPS state code for US cities; other admin codes in the data set are opaque numbers. */
  state?: string;
  population: number;
  main_text: string;
  secondary_text: string;
  /** 'City, State, Country' (state only where readable), also the formatted address. */
  description: string;
}

export interface CityIndex {
  readonly size: number;
  readonly buildMs: number;
  search(input: string, limit: number): OfflineCity[];
  byId(cityId: number): OfflineCity | undefined;
}

export const OFFLINE_ID_PREFIX = 'offline:';
