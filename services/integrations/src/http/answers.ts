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
