// Google Places API (New): city autocomplete, place details and place photos. The key
// travels in the X-Goog-Api-Key header (never in a URL that could be logged).
import { notFound } from '@tripcost/shared';
import { z } from 'zod';
import {
  badAnswer,
  PHOTO_REFERENCE_PATTERN,
  type GooglePlaces,
  type PlaceDetails,
  type PlaceSuggestion,
} from '../domain/ports';
import type { Upstream } from './upstream';

export { PHOTO_REFERENCE_PATTERN, type GooglePlaces, type PlaceDetails, type PlaceSuggestion };

const MAX_PHOTOS = 10;
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Raster types only: an SVG or HTML "photo" served from our origin could run script. */
const PHOTO_CONTENT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

const autocompleteAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string().min(1),
            text: z.object({ text: z.string() }),
            structuredFormat: z
              .object({
                mainText: z.object({ text: z.string() }),
                secondaryText: z.object({ text: z.string() }).optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

const detailsAnswer = z.object({
  formattedAddress: z.string().optional(),
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string(), types: z.array(z.string()) }))
    .optional(),
  photos: z.array(z.object({ name: z.string() })).optional(),
});

export function googlePlaces(
  upstream: Upstream,
  settings: { baseUrl: string; apiKey: string; timeoutMs: number },
): GooglePlaces {
  const keyHeader = { 'X-Goog-Api-Key': settings.apiKey };
  return {
    async autocomplete(input, limit) {
      const service = 'places service';
      const answer = await upstream.json({
        service,
        url: new URL('/v1/places:autocomplete', settings.baseUrl),
        method: 'POST',
        headers: keyHeader,
        json: { input, includedPrimaryTypes: ['(cities)'], languageCode: 'en' },
        timeoutMs: settings.timeoutMs,
      });
      const parsed = autocompleteAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw badAnswer(service);
      return (parsed.data.suggestions ?? [])
        .flatMap(({ placePrediction: prediction }) => {
          if (!prediction) return [];
          const main = prediction.structuredFormat?.mainText.text ?? prediction.text.text;
          return [
            {
              place_id: prediction.placeId,
              description: prediction.text.text,
              main_text: main,
              secondary_text: prediction.structuredFormat?.secondaryText?.text ?? '',
            },
          ];
        })
        .slice(0, limit);
    },

    async details(placeId) {
      const service = 'places service';
      const answer = await upstream.json({
        service,
        url: new URL(`/v1/places/${encodeURIComponent(placeId)}`, settings.baseUrl),
        headers: { ...keyHeader, 'X-Goog-FieldMask': 'formattedAddress,addressComponents,photos' },
        timeoutMs: settings.timeoutMs,
      });
      // Google answers 400 INVALID_ARGUMENT for ids it never issued.
      if (answer.status === 404 || answer.status === 400) throw notFound('Place not found.');
      const parsed = detailsAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw badAnswer(service);
      const { formattedAddress = '', addressComponents = [], photos = [] } = parsed.data;
      const component = (type: string) => addressComponents.find((part) => part.types.includes(type));
      const city = component('locality') ?? component('postal_town') ?? component('administrative_area_level_2');
      const state = component('administrative_area_level_1');
      const country = component('country');
      const tripLocation = [city?.longText, state?.shortText, country?.longText].filter(Boolean).join(', ');
      return {
        photos: photos
          .filter((photo) => PHOTO_REFERENCE_PATTERN.test(photo.name))
          .slice(0, MAX_PHOTOS)
          .map((photo) => ({ name: photo.name })),
        formatted_address: formattedAddress,
        trip_location: tripLocation || formattedAddress,
      };
    },

    async photo(photoReference) {
      const service = 'photo service';
      const url = new URL(`/v1/${photoReference}/media`, settings.baseUrl);
      url.search = new URLSearchParams({ maxWidthPx: '1200', maxHeightPx: '1200' }).toString();
      const answer = await upstream.call({
        service,
        url,
        headers: { ...keyHeader, accept: 'image/*' },
        timeoutMs: settings.timeoutMs,
        maxBytes: MAX_PHOTO_BYTES,
      });
      if (answer.status === 404 || answer.status === 400) throw notFound('Photo not found.');
      const contentType = answer.contentType.split(';')[0]!.trim().toLowerCase();
      if (answer.status !== 200 || !PHOTO_CONTENT_TYPES.has(contentType) || answer.body.length === 0) {
        throw badAnswer(service);
      }
      return { contentType, body: answer.body };
    },
  };
}
