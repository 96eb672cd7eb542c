// The integrations API (docs/product.md §7 "Places, weather, suggestions"): validate, call one
// domain function, shape the reply.
import {
  funPlacesAnswer,
  fxCurrenciesAnswer,
  fxRatesAnswer,
  placeDetailsAnswer,
  placeSuggestionsAnswer,
  weatherAnswer,
  windowWeatherAnswer,
  windowsWeatherAnswer,
} from './answers';
import {
  defineRoute,
  describeRoutes,
  isCurrencyCode,
  queryDateSchema,
  queryIntegerSchema,
  utcDay,
  type RouteContext,
} from '@tripcost/shared';
import { z } from 'zod';
import { GOOGLE_PLACE_ID_PATTERN, OFFLINE_PLACE_ID_PATTERN, PHOTO_REFERENCE_PATTERN } from '../domain/places';
import type { IntegrationsServices } from '../domain/services';

export type { IntegrationsServices };

/** Photos never change for a given reference, so browsers and proxies may keep them a week. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=604800, immutable';

const text = (label: string, max: number, missing = `The ${label} must be text.`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : `The ${label} must be text.`) })
    .trim()
    .max(max, { message: `The ${label} must be at most ${max} characters.` });
const optionalText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .transform((value) => value || undefined);

const weatherQuery = z.object({
  city: text('city', 100, 'Please give a city.').min(1, { message: 'Please give a city.' }),
  state: optionalText('state', 100),
  country: optionalText('country', 100),
  units: z.literal('metric', { message: 'Only metric units are supported.' }).optional(),
});

const windowWeatherQuery = z.object({
  city: weatherQuery.shape.city,
  state: weatherQuery.shape.state,
  country: weatherQuery.shape.country,
  start: queryDateSchema('The start date'),
  end: queryDateSchema('The end date'),
});

/** How many windows one batch may ask for: a trip's board, with room to spare. */
export const MAX_BATCH_WINDOWS = 50;

const windowsWeatherBody = z.object({
  city: weatherQuery.shape.city,
  state: weatherQuery.shape.state,
  country: weatherQuery.shape.country,
  windows: z
    .array(
      z.object({
        id: z
          .string({ message: 'Each window needs an id.' })
          .trim()
          .min(1, { message: 'Each window needs an id.' })
          .max(64, { message: 'A window id must be at most 64 characters.' }),
        // Days only, as this batch has always taken them (the web app sends its windows' days).
        start: queryDateSchema('The start date'),
        end: queryDateSchema('The end date'),
      }),
      { message: `Please give the windows as a list of 1 to ${MAX_BATCH_WINDOWS}.` },
    )
    .min(1, { message: `Please give the windows as a list of 1 to ${MAX_BATCH_WINDOWS}.` })
    .max(MAX_BATCH_WINDOWS, { message: `Please give the windows as a list of 1 to ${MAX_BATCH_WINDOWS}.` })
    .refine((windows) => new Set(windows.map((window) => window.id)).size === windows.length, {
      message: 'Each window id must appear once.',
    }),
});

const autocompleteQuery = z.object({
  input: text('search text', 100, 'Please give a search text.'),
  limit: queryIntegerSchema('The limit must be a whole number from 1 to 10.', 1, 10).default(5),
});

const detailsQuery = z.object({
  placeid: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Please give a place id.' : 'The place id must be text.'),
    })
    .refine((id) => OFFLINE_PLACE_ID_PATTERN.test(id) || GOOGLE_PLACE_ID_PATTERN.test(id), {
      message: 'The place id is not valid.',
    }),
});

const photoQuery = z.object({
  photoreference: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Please give a photo reference.' : 'The photo reference must be text.',
    })
    .regex(PHOTO_REFERENCE_PATTERN, { message: 'The photo reference is not valid.' }),
});

const funPlacesBody = z.object({
  location: text('location', 200, 'Please give a location.').min(1, { message: 'Please give a location.' }),
});

const BASE_MESSAGE = 'Please give the base currency as a 3-letter ISO 4217 code, e.g. EUR.';
const fxRatesQuery = z.object({
  base: z
    .string({ message: BASE_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((code) => isCurrencyCode(code), { message: BASE_MESSAGE })
    .default('EUR')
    .describe('ISO 4217 code (default EUR)'),
  date: queryDateSchema('date')
    .optional()
    .describe('YYYY-MM-DD: the rates published that day, or on the last day before it that has some; absent: today’s'),
});

export function integrationsRoutes(services: IntegrationsServices) {
  return (ctx: RouteContext) => {
    weatherRoutes(ctx, services);
    placeRoutes(ctx, services);
    suggestionRoutes(ctx, services);
    fxRoutes(ctx, services);
  };
}

/** Current weather and weather for date windows. */
function weatherRoutes(ctx: RouteContext, services: IntegrationsServices) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/weather',
    summary: 'Current weather for a city (°C)',
    tags: ['weather'],
    auth: 'required',
    query: weatherQuery,
    responses: {
      200: { description: 'Current weather', schema: weatherAnswer },
      404: 'Unknown city',
      502: 'Provider answered badly',
      503: 'Provider unavailable',
      504: 'Provider timed out',
    },
    handler: async ({ query }) => ({ body: await services.weather.current(query) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/weather/window',
    summary: 'Weather for a date window: daily forecast within 16 days, else typical weather for those days',
    tags: ['weather'],
    auth: 'required',
    query: windowWeatherQuery,
    responses: {
      200: { description: 'Daily weather for the window', schema: windowWeatherAnswer },
      400: 'Bad dates (not YYYY-MM-DD, not from 1900-01-01 to 2199-12-31, end before start, longer than 60 days)',
      404: 'Unknown city',
      502: 'Provider answered badly',
      503: 'Provider unavailable',
      504: 'Provider timed out',
    },
    handler: async ({ query }) => ({ body: await services.windowWeather.forWindow(query) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/weather/windows',
    summary:
      'Weather for many date windows of one city in one request (at most 50); upstream calls are shared between windows',
    tags: ['weather'],
    auth: 'required',
    body: windowsWeatherBody,
    responses: {
      200: { description: 'One entry per window, in the order asked', schema: windowsWeatherAnswer },
      400: 'Bad body (no city, not 1 to 50 windows, a repeated id, a date not YYYY-MM-DD or not from 1900-01-01 to 2199-12-31)',
      404: 'Unknown city',
      502: 'Provider answered badly (for every window)',
      503: 'Provider unavailable',
      504: 'Provider timed out',
    },
    handler: async ({ body }) => ({ body: await services.windowWeather.forWindows(body) }),
  });
}

/** City search, place details and place photos. */
function placeRoutes(ctx: RouteContext, services: IntegrationsServices) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/places/autocomplete',
    summary: 'City suggestions for a search text (cities only)',
    tags: ['places'],
    auth: 'required',
    query: autocompleteQuery,
    responses: { 200: { description: 'City suggestions', schema: placeSuggestionsAnswer } },
    handler: async ({ query }) => ({ body: await services.places.autocomplete(query.input, query.limit) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/places-details',
    summary: 'Photos, address and trip location of a place',
    tags: ['places'],
    auth: 'required',
    query: detailsQuery,
    responses: {
      200: { description: 'The place', schema: placeDetailsAnswer },
      404: 'Unknown place',
      503: 'Provider not configured or unavailable',
    },
    handler: async ({ query }) => ({ body: await services.places.details(query.placeid) }),
  });

  // Public: <img> tags cannot send a token. The strict reference pattern, the cache
  // and the gateway's per-IP limit protect it.
  defineRoute(ctx, {
    method: 'get',
    path: '/api/places-pics',
    summary: 'A place photo (image bytes)',
    tags: ['places'],
    auth: 'none',
    query: photoQuery,
    responses: {
      200: 'The image',
      400: 'Invalid photo reference',
      404: 'Unknown photo',
      503: 'Photos not configured',
    },
    handler: async ({ query, res }) => {
      const photo = await services.places.photo(query.photoreference);
      res.status(200).set({ 'content-type': photo.contentType, 'cache-control': PHOTO_CACHE_CONTROL }).send(photo.body);
    },
  });
}

/** Suggestions of places to visit. */
function suggestionRoutes(ctx: RouteContext, services: IntegrationsServices) {
  defineRoute(ctx, {
    method: 'post',
    path: '/api/chatgpt/fun-places',
    summary: 'Up to five fun places to visit in a location (plain text, one per line)',
    tags: ['suggestions'],
    auth: 'required',
    body: funPlacesBody,
    responses: {
      200: { description: 'Suggestions', schema: funPlacesAnswer },
      429: 'Too many suggestion requests this hour',
      503: 'Suggestions not configured or unavailable',
    },
    handler: async ({ body, user }) => ({ body: await services.suggestions.funPlaces(body.location, user.id) }),
  });
}

/** Exchange rates and the currency list. */
function fxRoutes(ctx: RouteContext, services: IntegrationsServices) {
  // Public: reference rates and the ISO list are public data, the same for everyone.
  // The gateway's per-IP limit applies; upstream calls are bounded by the cache (one
  // call per 12 h whatever the base, docs/adr/0034-exchange-rates.md).
  defineRoute(ctx, {
    method: 'get',
    path: '/api/fx/rates',
    summary:
      "Today's exchange rates for a base currency (ECB reference rates); the last good or bundled rates, with their date, while the source is down",
    tags: ['fx'],
    auth: 'none',
    query: fxRatesQuery,
    responses: {
      200: { description: 'Rates for the base', schema: fxRatesAnswer },
      400: 'Not an ISO 4217 code, or a currency the rates source does not publish',
      502: 'Provider answered badly and no rates are kept',
      503: 'Provider unavailable and no rates are kept',
      504: 'Provider timed out and no rates are kept',
    },
    handler: async ({ query }) => ({
      body: query.date
        ? await services.fx.ratesOn(query.base, query.date, utcDay(new Date()))
        : await services.fx.rates(query.base),
    }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/fx/currencies',
    summary: 'Every active ISO 4217 currency with its minor-unit digits and whether the rates source publishes it',
    tags: ['fx'],
    auth: 'none',
    responses: { 200: { description: 'Currencies, by code', schema: fxCurrenciesAnswer } },
    handler: async () => ({ body: await services.fx.currencies() }),
  });
}

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object => describeRoutes('integrations', integrationsRoutes({} as IntegrationsServices));
