// What the integrations API answers, as zod schemas that document the responses (and
// from which the web app's API types are generated).
import { z } from 'zod';

export const weatherAnswer = z.object({
  weather: z.array(z.object({ description: z.string() })),
  main: z.object({ temp: z.number() }),
  name: z.string(),
  source: z.string(),
  fetched_at: z.string(),
});

export const placeSuggestionsAnswer = z.array(
  z.object({ place_id: z.string(), description: z.string(), main_text: z.string(), secondary_text: z.string() }),
);

export const placeDetailsAnswer = z.object({
  photos: z.array(z.object({ name: z.string().describe('Photo reference for /api/places-pics') })),
  formatted_address: z.string(),
  trip_location: z.string(),
});

export const funPlacesAnswer = z.object({ funPlaces: z.string().describe('Suggestions, one per line') });

export const windowWeatherAnswer = z.object({
  kind: z.enum(['forecast', 'typical']),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      min: z.number().describe('°C'),
      max: z.number().describe('°C'),
      description: z.string().optional().describe('Forecast days only'),
    }),
  ),
  years: z.object({ from: z.number(), to: z.number() }).optional().describe('Typical weather only'),
  source: z.string(),
  fetched_at: z.string(),
});

export const windowsWeatherAnswer = z.object({
  windows: z.array(
    z.union([
      z.object({ id: z.string(), weather: windowWeatherAnswer }),
      z
        .object({ id: z.string(), error: z.object({ status: z.number(), msg: z.string() }) })
        .describe('This window only: bad dates (400) or the provider failed for it'),
    ]),
  ),
});

export const fxRatesAnswer = z.object({
  base: z.string().describe('ISO 4217 code the rates are quoted against'),
  date: z.string().describe('The reference day of the rates, YYYY-MM-DD'),
  source: z
    .string()
    .describe("'ecb' (European Central Bank reference rates) or 'bundled' (the snapshot shipped with the product)"),
  stale: z.boolean().describe('True when the rates source failed and these are the last good or the bundled rates'),
  rates: z
    .record(z.string(), z.number())
    .describe('Units of each currency per one unit of base; cross rates (base not EUR) to 6 significant digits'),
});

export const fxCurrenciesAnswer = z.array(
  z.object({
    code: z.string().describe('ISO 4217 code'),
    name: z.string(),
    symbol: z.string().describe('en-US symbol, or the code'),
    digits: z.number().int().describe('Minor-unit digits (ISO 4217): 0 JPY, 2 USD, 3 KWD'),
    rated: z.boolean().describe('Whether the rates source publishes a rate for it (else a manual rate is needed)'),
  }),
);
